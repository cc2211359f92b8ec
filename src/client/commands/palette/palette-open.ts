import { z } from 'zod';

import { paletteModes } from '../../../shared/commands/command-ids';
import { paletteModeAtom, paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

const args = z.object({ mode: z.enum(paletteModes) });

const keyTitles: Record<(typeof paletteModes)[number], string> = {
  search: 'Search Everything',
  commands: 'Open the Command Palette',
  investigations: 'Find an Investigation or Incident',
  people: 'Find a Person',
  pages: 'Go to a Page',
};

/** Opens the palette in one mode: commands, investigations, people or pages. */
export const paletteOpen = defineCommand({
  id: 'palette.open',
  title: 'Open Command Palette In Mode…',
  category: 'Palette',
  keywords: ['commands', 'mode'],
  hiddenInPalette: true,
  keyTitle: (raw) => {
    const parsed = args.safeParse(raw);
    return keyTitles[parsed.success ? parsed.data.mode : 'commands'];
  },
  run: (raw) => {
    const parsed = args.safeParse(raw);
    appStore.set(palettePagesAtom, []);
    appStore.set(paletteModeAtom, parsed.success ? parsed.data.mode : 'commands');
    appStore.set(paletteOpenAtom, true);
  },
});
