import { defineCommand } from '../command';

/**
 * `/`: focuses the search or filter box of what has the keys: the topmost open dialog (a
 * file's events, say), else the focused pane.
 */
export const searchFocus = defineCommand({
  id: 'search.focus',
  title: 'Focus Search',
  category: 'Palette',
  keywords: ['find', 'filter'],
  disabledReason: () => (searchBox() ? null : 'This view has no search box.'),
  run: () => {
    const box = searchBox();
    box?.focus();
    box?.select();
  },
});

const SEARCH_BOX = 'input[type="search"], input[data-search]';
const PANE_SEARCH_BOX =
  '.pane.focused input[type="search"], .pane.focused input[data-search], .pane:only-child input[type="search"], .pane:only-child input[data-search]';

function searchBox(): HTMLInputElement | null {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"]');
  const top = dialogs[dialogs.length - 1];
  // A dialog is modal: `/` never reaches behind it, even when it has no box of its own.
  if (top) return top.querySelector<HTMLInputElement>(SEARCH_BOX);
  return document.querySelector<HTMLInputElement>(PANE_SEARCH_BOX);
}
