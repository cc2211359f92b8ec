import { Outlet } from 'react-router-dom';

import { Loading } from '../components/loading';
import { useNavigation } from 'react-router-dom';

/** The root of every pane: the screen, with a loading line while a lazy screen arrives. */
export function PaneFrame() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div style={{ position: 'absolute', right: 12, top: 8 }}>
          <Loading />
        </div>
      ) : null}
      <Outlet />
    </>
  );
}
