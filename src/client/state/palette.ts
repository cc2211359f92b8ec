import { atom } from 'jotai';

import type { paletteModes } from '../../shared/commands/command-ids';

/** What the palette searches: everything, or one kind chosen by a typed prefix. */
export type PaletteMode = (typeof paletteModes)[number];

/** A nested palette page opened by a multi-step command ("Set status…" then the statuses). */
export interface PalettePage {
  commandId: string;
  title: string;
}

/** Whether the palette is open. */
export const paletteOpenAtom = atom(false);

/** The palette's mode when it opens (a typed prefix can change it). */
export const paletteModeAtom = atom<PaletteMode>('search');

/** Nested pages, innermost last; Backspace on an empty input goes back one. */
export const palettePagesAtom = atom<PalettePage[]>([]);
