import { paletteModeAtom, paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

/** Opens the palette (searching everything) or closes it. */
export const paletteToggle = defineCommand({
  id: 'palette.toggle',
  title: 'Toggle Command Palette',
  category: 'Palette',
  keywords: ['search', 'commands', 'find'],
  hiddenInPalette: true,
  keyTitle: () => 'Open or Close the Palette (Search Everything)',
  run: () => {
    const open = appStore.get(paletteOpenAtom);
    appStore.set(palettePagesAtom, []);
    appStore.set(paletteModeAtom, 'search');
    appStore.set(paletteOpenAtom, !open);
  },
});
