import { paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Closes the topmost overlay: a nested palette page, the palette, then a dialog. */
export const overlayClose = defineCommand({
  id: 'overlay.close',
  title: 'Close Overlay',
  category: 'Workspace',
  keywords: ['escape', 'dismiss'],
  hiddenInPalette: true,
  run: () => {
    if (appStore.get(paletteOpenAtom)) {
      const pages = appStore.get(palettePagesAtom);
      if (pages.length > 0) appStore.set(palettePagesAtom, pages.slice(0, -1));
      else appStore.set(paletteOpenAtom, false);
      return;
    }
    appStore.set(openDialogAtom, null);
  },
});
