import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

import { focusMainGridOnArrival } from './arrival-focus';
import { routerForTab } from './tab-routers';
import { workspaceAtom } from './workspace-atoms';
import { workspace } from './workspace-controller';

function Pane(props: {
  index: number;
  focused: boolean;
  split: boolean;
  paneRoutes: RouteObject[];
}) {
  const ws = useAtomValue(workspaceAtom);
  const tab = ws.tabs.find((t) => t.id === ws.panes[props.index]);
  const section = useRef<HTMLElement>(null);
  // A new screen, another tab, or this pane taking the focus: its main grid takes the keys.
  const arrival = tab && props.focused ? `${tab.id} ${tab.location.split('?')[0]}` : null;
  useEffect(() => {
    if (arrival === null || !section.current) return;
    return focusMainGridOnArrival(section.current);
  }, [arrival]);
  if (!tab) return null;
  return (
    <section
      ref={section}
      className={`pane${props.focused ? ' focused' : ''}`}
      aria-label={props.split ? (props.index === 0 ? 'Left pane' : 'Right pane') : 'Main pane'}
      data-pane={props.index}
      data-focused={props.focused}
      onFocusCapture={() => !props.focused && workspace.focusPane(props.index)}
      onMouseDownCapture={() => !props.focused && workspace.focusPane(props.index)}
    >
      <RouterProvider key={tab.id} router={routerForTab(tab, props.paneRoutes)} />
    </section>
  );
}

/**
 * One pane, or two side by side; the focused one drives the URL and the keyboard. The shell
 * passes the screens a pane can show (`paneRoutes`), so the workspace never imports them.
 */
export function Panes(props: { paneRoutes: RouteObject[] }) {
  const ws = useAtomValue(workspaceAtom);
  const split = ws.panes.length === 2;
  return (
    <div className={`panes${split ? ' split' : ''}`}>
      {ws.panes.map((_, index) => (
        <Pane
          key={index}
          index={index}
          focused={index === ws.focus}
          split={split}
          paneRoutes={props.paneRoutes}
        />
      ))}
    </div>
  );
}
