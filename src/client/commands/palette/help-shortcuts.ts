import { shortcutSheetOpenAtom } from '../../state/shortcut-sheet';
import { paletteOpenAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Shows the shortcuts that work in the current view. */
export const helpShortcuts = defineCommand({
  id: 'help.shortcuts',
  title: 'Show Keyboard Shortcuts',
  category: 'Help',
  keywords: ['keys', 'help', 'cheat sheet'],
  run: () => {
    appStore.set(paletteOpenAtom, false);
    appStore.set(shortcutSheetOpenAtom, !appStore.get(shortcutSheetOpenAtom));
  },
});
