import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate, formatDateTime } from '../../../components/format';

/**
 * The column shapes the evidence tables share, so each page's table lists only what its columns
 * are about. Every builder returns a plain DataTableColumn: sorting, filtering and CSV see the
 * raw value, the cell shows it formatted.
 */

/** A moment (epoch ms, or none), sorted as a number and shown with its time of day. */
export function dateTimeColumn<T>(
  id: string,
  header: string,
  value: (row: T) => number | null,
  width = 170,
): DataTableColumn<T> {
  return { id, header, value, cell: (row) => formatDateTime(value(row)), width };
}

/** A day (epoch ms, or none), sorted as a number and shown as a date. */
export function dateColumn<T>(
  id: string,
  header: string,
  value: (row: T) => number | null,
  width = 120,
): DataTableColumn<T> {
  return { id, header, value, cell: (row) => formatDate(value(row)), width };
}

/** A count, right-aligned. */
export function countColumn<T>(
  id: string,
  header: string,
  value: (row: T) => number,
  width: number,
): DataTableColumn<T> {
  return { id, header, value, align: 'right', width };
}

/** A share between 0 and 1, sorted as the fraction and shown as a whole percentage. */
export function percentColumn<T>(
  id: string,
  header: string,
  value: (row: T) => number,
  width: number,
): DataTableColumn<T> {
  return {
    id,
    header,
    value,
    cell: (row) => `${Math.round(value(row) * 100)}%`,
    align: 'right',
    width,
  };
}
