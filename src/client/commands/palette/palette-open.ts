import { z } from 'zod';

import { paletteModes } from '../../../shared/commands/command-ids';
import { paletteModeAtom, paletteOpenAtom, palettePagesAtom } from '../../state/palette';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';

const args = z.object({ mode: z.enum(paletteModes) });

/** Opens the palette in one mode: commands, investigations, people or pages. */
export const paletteOpen = defineCommand({
  id: 'palette.open',
  title: 'Open Command Palette In Mode…',
  category: 'Palette',
  keywords: ['commands', 'mode'],
  hiddenInPalette: true,
  run: (raw) => {
    const parsed = args.safeParse(raw);
    appStore.set(palettePagesAtom, []);
    appStore.set(paletteModeAtom, parsed.success ? parsed.data.mode : 'commands');
    appStore.set(paletteOpenAtom, true);
  },
});
