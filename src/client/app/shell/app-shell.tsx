import { useEffect, useState } from 'react';

import { useMe } from '../../api/auth/me';
import { setPasswordChangeRequiredHandler } from '../../api/http-client';
import { CreateInvestigationDialog } from '../../features/investigations/create-investigation-dialog';
import { PseudonymizationBanner } from '../../features/privacy/pseudonymization-banner';
import { RequiredPasswordChange } from '../../features/settings/required-password-change';
import { ChordIndicator } from '../../keymap/chord-indicator';
import { installKeyHandler } from '../../keymap/key-handler';
import { ShortcutSheet } from '../../keymap/shortcut-sheet';
import { Palette } from '../../palette/palette';
import { startWorkspace } from '../../workspace/url-sync';
import { Panes } from '../../workspace/panes';
import { TabBar } from '../../workspace/tab-bar';
import { paneRoutes } from '../pane-routes';
import { AppDialogs } from './app-dialogs';
import { Sidebar } from './sidebar';

/**
 * The signed-in workspace: sidebar, tab strip and one or two panes. It waits for the session
 * (a 401 sends the browser to /auth) before starting the workspace from the URL. A user whose
 * password is still the temporary one an admin set gets the change-password form instead,
 * and the workspace starts once they have chosen their own.
 */
export default function AppShell() {
  const me = useMe();
  const [started, setStarted] = useState(false);
  const changeRequired = me.data?.passwordChangeRequired ?? false;
  const { refetch } = me;
  // An admin reset the password while this session was open: the server now refuses every
  // call with a code; asking who we are again shows the form.
  useEffect(() => {
    setPasswordChangeRequiredHandler(() => void refetch());
  }, [refetch]);
  useEffect(() => {
    if (!me.data || changeRequired) return;
    const stopWorkspace = startWorkspace();
    const stopKeys = installKeyHandler();
    setStarted(true);
    return () => {
      stopKeys();
      stopWorkspace();
    };
  }, [me.data, changeRequired]);

  if (me.isError) {
    return (
      <div className="splash" role="alert">
        Vigil could not load your session: {me.error.message}
      </div>
    );
  }
  if (changeRequired) return <RequiredPasswordChange />;
  if (!me.data || !started) return <div className="splash">Loading Vigil…</div>;
  return (
    <div className="shell">
      <Sidebar />
      <div className="main">
        <PseudonymizationBanner />
        <TabBar />
        <Panes paneRoutes={paneRoutes} />
      </div>
      <CreateInvestigationDialog />
      <AppDialogs />
      <Palette />
      <ShortcutSheet />
      <ChordIndicator />
    </div>
  );
}
