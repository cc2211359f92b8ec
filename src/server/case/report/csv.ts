/**
 * CSV as spreadsheets read it (RFC 4180): every line ends in CRLF, a field holding a comma,
 * quote or line break is quoted with its quotes doubled. A text that a spreadsheet would run as
 * a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe,
 * as OWASP advises, so an exported file cannot run anything when opened. Numbers are written as
 * numbers (a negative number is not a formula).
 */

/** What a CSV cell may hold. */
export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

/** Whether a text starts as a formula would: =, +, -, @, a tab or a carriage return. */
function formulaStart(text: string): boolean {
  const c = text.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

/** One text field, neutralized and quoted as needed. */
export function csvText(value: string): string {
  const text = formulaStart(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One field, neutralized and quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return csvText(value);
}

/** One line, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  // A loop rather than map/join: the export writes a million of these.
  let line = '';
  for (let i = 0; i < values.length; i++)
    line += i === 0 ? csvField(values[i]) : `,${csvField(values[i])}`;
  return `${line}\r\n`;
}
