import type { FindingReplies } from './finding-replies';
import { formatBytes, formatTime } from './report-format';
import type { ReportTable } from './report-model';

/** A cell as the finding gave it; a `time` column holds epoch ms, a `share` one 0 to 1. */
export type Cell = string | number | boolean | null;

/** A column: its heading, and what its numbers are. */
export interface Column {
  name: string;
  kind?: 'time' | 'bytes' | 'share';
  /** False for long columns (paths) that only the export's CSV carries. */
  inReport?: boolean;
}

/** One table of a finding, whole: every row its endpoint answers. */
export interface FindingTable {
  /** Its file in the export, `<page>/<table>.csv`. */
  file: string;
  /** The evidence page it belongs to. */
  page: string;
  title: string;
  columns: Column[];
  rows: Cell[][];
}

/** A column of times, of sizes in bytes, of shares. */
export const timeColumn = (name: string): Column => ({ name, kind: 'time' });
export const bytesColumn = (name: string): Column => ({ name, kind: 'bytes' });
export const shareColumn = (name: string): Column => ({ name, kind: 'share' });

/** Several values in one cell. */
export const listCell = (values: readonly string[]) => values.join('; ');

/** A finding table of an evidence page, filed as `<page>/<name>.csv`. */
export function findingTable(
  page: string,
  name: string,
  title: string,
  columns: Column[],
  rows: Cell[][],
): FindingTable {
  return { file: `${page}/${name}.csv`, page, title, columns, rows };
}

/** What builds the tables of some evidence pages from the findings. */
export type TableSource = (f: FindingReplies) => FindingTable[];

/** A cell as a report prints it. */
export function displayCell(cell: Cell, column: Column): string {
  if (cell === null || cell === '') return '—';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  if (typeof cell === 'number') {
    if (column.kind === 'time') return formatTime(cell);
    if (column.kind === 'bytes') return formatBytes(cell);
    if (column.kind === 'share') return `${Math.round(cell * 100)}%`;
    return Number.isInteger(cell) ? cell.toLocaleString('en-US') : String(cell);
  }
  return cell;
}

/** The first `limit` rows of a finding table, as a report prints them. */
export function reportTable(table: FindingTable, limit: number): ReportTable {
  const shown = table.columns.flatMap((column, i) => (column.inReport === false ? [] : [i]));
  return {
    title: table.title,
    columns: shown.map((i) => table.columns[i]!.name),
    rows: table.rows
      .slice(0, limit)
      .map((row) => shown.map((i) => displayCell(row[i] ?? null, table.columns[i]!))),
    total: table.rows.length,
  };
}
