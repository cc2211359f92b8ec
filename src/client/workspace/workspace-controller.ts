import { appStore } from '../state/store';
import { existingRouter } from './tab-routers';
import { workspaceAtom } from './workspace-atoms';
import * as model from './workspace-model';

const DEFAULT_LOCATION = '/app/';

function update(change: (ws: model.Workspace) => model.Workspace): void {
  appStore.set(workspaceAtom, change);
}

/**
 * The workspace's imperative API, used by commands, the sidebar and the palette. Navigation
 * goes through the focused tab's router so its back/forward history stays right.
 */
export const workspace = {
  get state(): model.Workspace {
    return appStore.get(workspaceAtom);
  },
  /** The location the focused pane shows. */
  currentLocation(): string {
    return model.focusedTab(appStore.get(workspaceAtom)).location;
  },
  /**
   * Goes to a location: in a new tab when asked (a modifier: Ctrl/Cmd+Enter or +click); in
   * the tab that already shows its case, alert or integration when another tab does, so one
   * thing is never open twice by accident; otherwise in the focused tab.
   */
  navigate(location: string, options: { newTab?: boolean; background?: boolean } = {}): void {
    if (options.newTab) {
      update((ws) => model.openTab(ws, location, { background: options.background ?? false }));
      return;
    }
    const ws = appStore.get(workspaceAtom);
    const existing = model.isItemPlace(location) ? model.tabShowing(ws, location) : null;
    const target = existing ?? model.focusedTabId(ws);
    if (target !== model.focusedTabId(ws)) update((current) => model.showTab(current, target));
    if (model.tabLocation(appStore.get(workspaceAtom), target) === location) return;
    const router = existingRouter(target);
    if (router) void router.navigate(location);
    else update((current) => model.setTabLocation(current, target, location));
  },
  /**
   * Opens a place (a case, an incident) the way the palette and its commands do: in the tab
   * that already shows it (at its page, or at the page asked for), otherwise as `navigate`
   * does. Asking for a new tab (Ctrl+Enter) always opens one.
   */
  open(location: string, options: { newTab?: boolean } = {}): void {
    const ws = appStore.get(workspaceAtom);
    const existing = options.newTab ? null : model.tabShowing(ws, location);
    // A bare case link shows the case where its tab is, at the page that tab is on.
    const bare = model.placeOf(location) === location.replace(/\/+$/, '');
    if (existing && bare && existing !== model.focusedTabId(ws)) {
      update((current) => model.showTab(current, existing));
      return;
    }
    workspace.navigate(location, options);
  },
  openTab(location = DEFAULT_LOCATION): void {
    update((ws) => model.openTab(ws, location));
  },
  closeTab(tabId?: string): void {
    update((ws) => model.closeTab(ws, tabId ?? model.focusedTabId(ws), DEFAULT_LOCATION));
  },
  showTab(tabId: string): void {
    update((ws) => model.showTab(ws, tabId));
  },
  cycleTab(step: 1 | -1): void {
    update((ws) => model.cycleTab(ws, step));
  },
  gotoTab(position: number): void {
    update((ws) => model.gotoTab(ws, position));
  },
  moveTab(step: 1 | -1): void {
    update((ws) => model.moveTab(ws, step));
  },
  reorderTab(tabId: string, position: number): void {
    update((ws) => model.reorderTab(ws, tabId, position));
  },
  toggleSplit(): void {
    update((ws) => model.toggleSplit(ws));
  },
  focusPane(pane: number | 'other'): void {
    update((ws) => model.focusPane(ws, pane));
  },
  back(): void {
    const router = existingRouter(model.focusedTabId(appStore.get(workspaceAtom)));
    void router?.navigate(-1);
  },
  forward(): void {
    const router = existingRouter(model.focusedTabId(appStore.get(workspaceAtom)));
    void router?.navigate(1);
  },
};
