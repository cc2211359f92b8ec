import { defineCommand } from '../command';

/** `/`: focuses the search or filter box of the focused pane. */
export const searchFocus = defineCommand({
  id: 'search.focus',
  disabledReason: () => (searchBox() ? null : 'This view has no search box.'),
  run: () => {
    const box = searchBox();
    box?.focus();
    box?.select();
  },
});

function searchBox(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(
    '.pane.focused input[type="search"], .pane.focused input[data-search], .pane:only-child input[type="search"], .pane:only-child input[data-search]',
  );
}
