import type { Cell, Column, TopicTable } from '../../analysis/findings/topic-report';
import { formatBytes } from '../../../shared/wording';
import { formatTime } from './report-format';
import type { ReportTable } from './report-model';

/** One table of a finding, whole: every row its endpoint answers. */
export interface FindingTable extends TopicTable {
  /** Its file in the export, `<page>/<table>.csv`. */
  file: string;
  /** The evidence page it belongs to. */
  page: string;
}

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
