import { createMemoryRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

import { appStore } from '../state/store';
import { workspaceAtom } from './workspace-atoms';
import { setTabLocation } from './workspace-model';
import type { Tab } from './workspace-model';

type PaneRouter = ReturnType<typeof createMemoryRouter>;

/**
 * One memory router per tab, created when the tab is first shown and disposed when it closes.
 * Each keeps its own back/forward history; where it goes is written back into the tab.
 */
const routers = new Map<string, PaneRouter>();

function locationOf(router: PaneRouter): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/**
 * The router of a tab, creating it at the tab's location on first use. The screens come from
 * the app shell (`paneRoutes`): the workspace knows tabs and panes, not what they show.
 */
export function routerForTab(tab: Tab, paneRoutes: RouteObject[]): PaneRouter {
  let router = routers.get(tab.id);
  if (!router) {
    router = createMemoryRouter(paneRoutes, { initialEntries: [tab.location] });
    const created = router;
    created.subscribe(() => {
      appStore.set(workspaceAtom, (ws) => setTabLocation(ws, tab.id, locationOf(created)));
    });
    routers.set(tab.id, router);
  }
  return router;
}

/** The router of a tab if it exists. */
export function existingRouter(tabId: string): PaneRouter | undefined {
  return routers.get(tabId);
}

/** Disposes the routers of tabs that no longer exist. */
export function disposeRoutersExcept(tabIds: ReadonlySet<string>): void {
  for (const [id, router] of routers) {
    if (!tabIds.has(id)) {
      router.dispose();
      routers.delete(id);
    }
  }
}
