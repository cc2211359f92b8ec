import { appStore } from '../state/store';
import { releaseClosedInvestigations } from './investigation-state';
import { disposeRoutersExcept, existingRouter } from './tab-routers';
import { loadSavedWorkspace, saveWorkspace, workspaceAtom } from './workspace-atoms';
import * as model from './workspace-model';

function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/**
 * Starts the workspace from the URL and the saved tabs, then keeps the URL a deep link to the
 * focused view (with the other pane in the hash), saves the tabs, releases closed cases'
 * state and answers the browser's back and forward buttons.
 */
export function startWorkspace(): () => void {
  const url = model.parseUrl(
    window.location.pathname,
    window.location.search,
    window.location.hash,
  );
  appStore.set(workspaceAtom, model.fromUrl(loadSavedWorkspace(), url));
  let previous = appStore.get(workspaceAtom);
  window.history.replaceState(null, '', model.toUrl(previous));

  const unsubscribe = appStore.sub(workspaceAtom, () => {
    const next = appStore.get(workspaceAtom);
    const target = model.toUrl(next);
    if (target !== currentUrl()) {
      // Moving within the same tab is a step the back button should undo; switching is not.
      const sameTab = model.focusedTabId(previous) === model.focusedTabId(next);
      if (sameTab && model.focusedTab(previous).location !== model.focusedTab(next).location) {
        window.history.pushState(null, '', target);
      } else {
        window.history.replaceState(null, '', target);
      }
    }
    if (next.tabs !== previous.tabs) {
      releaseClosedInvestigations(previous.tabs, next.tabs);
      disposeRoutersExcept(new Set(next.tabs.map((tab) => tab.id)));
    }
    saveWorkspace(next);
    previous = next;
  });

  const onPopState = () => {
    const wanted = model.parseUrl(
      window.location.pathname,
      window.location.search,
      window.location.hash,
    ).focused;
    const ws = appStore.get(workspaceAtom);
    if (model.focusedTab(ws).location === wanted) return;
    const router = existingRouter(model.focusedTabId(ws));
    if (router) void router.navigate(wanted, { replace: true });
  };
  window.addEventListener('popstate', onPopState);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPopState);
  };
}
