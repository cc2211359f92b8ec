import type { PaletteMode } from '../state/palette';

/** The typed prefixes: `>` commands, `#` investigations and incidents, `@` people, `/` pages. */
export const PREFIXES: Record<string, PaletteMode> = {
  '>': 'commands',
  '#': 'investigations',
  '@': 'people',
  '/': 'pages',
};

/** The prefix that selects a mode, for showing it back in the input. */
export function prefixOf(mode: PaletteMode): string {
  return Object.entries(PREFIXES).find(([, m]) => m === mode)?.[0] ?? '';
}

/** Splits typed text into the mode its prefix selects and the search text after it. */
export function parsePaletteInput(
  text: string,
  fallback: PaletteMode,
): { mode: PaletteMode; query: string } {
  const first = text.charAt(0);
  const mode = PREFIXES[first];
  return mode ? { mode, query: text.slice(1).trimStart() } : { mode: fallback, query: text };
}
