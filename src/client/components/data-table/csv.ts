import type { CellValue } from './columns';

/** One CSV column: its header line text and how to read a row's value. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => CellValue;
}

/**
 * Characters that make a spreadsheet treat a cell as a formula (OWASP's list: = + - @, plus
 * tab and carriage return). An exported cell that starts with one could run code when the
 * file is opened, so text values get a leading single quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, RFC 4180 quoted when needed, formula-like text defused. */
export function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans cannot be formulas: -5 stays a number the spreadsheet can add up.
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: a header line, then one line per row, CRLF line breaks (RFC 4180). */
export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: Iterable<R>): string {
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => csvField(column.value(row))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A safe file name ending in .csv, from a list's name ("Events: Alice" -> "Events- Alice.csv"). */
export function csvFileName(name: string): string {
  const base =
    name
      .replace(/\.csv$/i, '')
      .replace(/[\\/:*?"<>|]+/g, '-')
      .trim() || 'export';
  return `${base}.csv`;
}

/** Saves the text as a file through a temporary Blob link. */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte order mark makes Excel read the file as UTF-8 instead of the local code page.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(fileName);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a tick later is enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
