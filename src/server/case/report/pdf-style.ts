/** The report's type, colours and page, in points (A4, margins about 18 mm). */
export const PAGE = { size: 'A4', margin: 50, footer: 28 } as const;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  mono: 'Courier',
} as const;

export const SIZE = {
  title: 22,
  h1: 16,
  h2: 12.5,
  h3: 10.5,
  body: 9.5,
  small: 8,
  table: 8,
} as const;

export const COLOUR = {
  text: '#1d2430',
  muted: '#5b6472',
  rule: '#c9ced6',
  faint: '#eef1f5',
  accent: '#2f5d9e',
} as const;

/** Severity and risk level colours, shared with the HTML report. */
export const LEVEL_COLOUR: Record<string, string> = {
  none: '#5b6472',
  low: '#3f7f5b',
  medium: '#b7791f',
  high: '#c05621',
  critical: '#b02a2a',
};
