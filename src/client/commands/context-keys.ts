import type { KeymapContext } from '../../shared/keymap/context-keys';
import { matchPath } from '../../shared/routes';
import { meQuery } from '../api/auth/me';
import { queryClient } from '../api/query-client';
import { activeList } from '../components/data-table/list-controller';
import { paletteOpenAtom } from '../state/palette';
import { openDialogAtom } from '../state/dialogs';
import { appStore } from '../state/store';
import { workspaceAtom } from '../workspace/workspace-atoms';
import { focusedTab } from '../workspace/workspace-model';
import { keymapSettingsAtom } from '../state/keymap';
import { activeForm } from './workspace/active-form';

/** Whether an element takes typed text, so single keys must reach it. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      element.type,
    );
  }
  return (
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable) ||
    element.getAttribute('role') === 'textbox' ||
    element.getAttribute('role') === 'combobox'
  );
}

/**
 * The context keys at this moment: focus from the DOM, the rest from the store. Computed on
 * each key press, so it is never stale.
 */
export function currentContext(): KeymapContext {
  const focused = document.activeElement;
  const ws = appStore.get(workspaceAtom);
  const location = focusedTab(ws).location;
  const match = matchPath(location);
  const me = queryClient.getQueryData(meQuery().queryKey);
  const list = activeList();
  // A focused button inside a list (a sort header, a row action) keeps Enter and Space for itself.
  const onButton = focused instanceof HTMLButtonElement;
  const inList = !onButton && Boolean(focused?.closest('[role="grid"], [data-list]'));
  const overlay =
    appStore.get(paletteOpenAtom) ||
    appStore.get(openDialogAtom) !== null ||
    Boolean(document.querySelector('[data-overlay]'));
  return {
    inputFocus: isTextEntry(focused),
    listFocus: inList && list !== null,
    gridFocus: Boolean(focused?.closest('[role="gridcell"]')),
    detailFocus: Boolean(focused?.closest('[data-detail]')),
    formFocus: activeForm() !== null,
    paletteOpen: appStore.get(paletteOpenAtom),
    overlayOpen: overlay,
    view: match?.routeId ?? '',
    investigationId: match?.params.id ?? '',
    incidentId: match?.params.incidentId ?? '',
    isAdmin: Boolean(me?.roles.some((role) => role.id === 'admin')),
    splitOpen: ws.panes.length === 2,
    activePane: ws.focus === 0 ? 'left' : 'right',
    tabCount: ws.tabs.length,
    selectionCount: inList && list ? list.selectionCount() : 0,
    singleKeyShortcutsEnabled: appStore.get(keymapSettingsAtom).singleKeyShortcutsEnabled,
  };
}
