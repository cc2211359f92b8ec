import { shortcutSheetOpenAtom } from '../../keymap/shortcut-sheet-atoms';
import { paletteOpenAtom } from '../../palette/palette-atoms';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Shows the shortcuts that work in the current view. */
export const helpShortcuts = defineCommand({
  id: 'help.shortcuts',
  run: () => {
    appStore.set(paletteOpenAtom, false);
    appStore.set(shortcutSheetOpenAtom, !appStore.get(shortcutSheetOpenAtom));
  },
});
