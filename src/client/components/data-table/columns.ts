import type { ColumnDef, Row, RowData } from '@tanstack/react-table';
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

import { createAppendingCoreRowModel } from './appending-row-model';

/** A raw cell value: what sorting, filtering and CSV see. */
export type CellValue = string | number | boolean | null | undefined;

/** One column of a DataTable: how to read the value of a row and how to show it. */
export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The raw value: used for sorting, filtering and CSV. */
  value: (row: T) => CellValue;
  /** How the cell looks; defaults to the value as text. */
  cell?: (row: T) => ReactNode;
  /**
   * What the CSV export writes for the cell: what a reader sees, not the machine value. Give
   * it whenever `cell` shows something other than the raw value: a label for a code
   * (`labelled`), an ISO 8601 time with offset for epoch milliseconds (`isoDateTime`).
   * Defaults to the raw value.
   */
  exportText?: (row: T) => CellValue;
  width?: number;
  align?: 'left' | 'right';
  sortable?: boolean;
  hiddenByDefault?: boolean;
  /**
   * A key column: what the row is and what matters most about it (a case's title, status and
   * risk). When the table is narrow (a pane of a split), the other columns are left out, from
   * the right, so these stay readable. A table that marks none keeps its first column.
   */
  keyColumn?: boolean;
}

/** What the renderer needs from a column that TanStack does not keep. */
export interface GridColumnMeta {
  align: 'left' | 'right';
  width: number | undefined;
  /** The column's CSV text of a row (`exportText`, else the raw value). */
  exportText: (row: never) => CellValue;
}

/**
 * The one feature set every DataTable uses. Module-level and stable: TanStack builds its row
 * models from it once per table, and server mode only flips the `manual*` options.
 */
export const gridFeatures = tableFeatures({
  coreRowModel: createAppendingCoreRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  columnVisibilityFeature,
  columnMeta: metaHelper<GridColumnMeta>(),
});

/** The concrete feature registry, for typing tables, rows and columns. */
export type GridFeatures = typeof gridFeatures;

/** Width of a column that does not say: it shares the rest of the row, but never below this. */
export const MIN_FLEX_WIDTH = 120;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two raw values: numbers by size, text naturally ("case 2" before "case 10"). */
export function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

/**
 * The client-mode filter: the lower-cased text and how to read each column it may match. The
 * visible columns are part of the value because TanStack recomputes the filtered rows only
 * when the filter value changes, and hiding a column must change what the filter matches.
 */
export interface TextFilter<T> {
  readonly text: string;
  readonly columns: ReadonlyMap<string, (row: T) => CellValue>;
}

/** Builds the global filter value, or '' (no filtering at all) for blank text. */
export function textFilter<T>(
  text: string,
  visibleColumns: readonly DataTableColumn<T>[],
): TextFilter<T> | '' {
  const needle = text.trim().toLowerCase();
  if (!needle) return '';
  return { text: needle, columns: new Map(visibleColumns.map((c) => [c.id, c.value])) };
}

/**
 * The global filter function DataTable installs (`globalFilterFn`). It reads the row through
 * the column's own value function rather than `row.getValue`, whose per-row cache lookups
 * dominate the cost of filtering large lists.
 */
export function globalTextFilter<T extends RowData>(
  row: Row<GridFeatures, T>,
  columnId: string,
  filter: TextFilter<T>,
): boolean {
  const read = filter.columns.get(columnId);
  const value = read?.(row.original);
  return value !== null && value !== undefined && String(value).toLowerCase().includes(filter.text);
}

/** A raw value as cell text when the column has no renderer of its own. */
export function valueText(value: CellValue): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Turns DataTable columns into TanStack column definitions. Missing values become `undefined`
 * so that TanStack's `sortUndefined: 'last'` keeps blanks at the bottom in both directions.
 */
export function toColumnDefs<T extends RowData>(
  columns: readonly DataTableColumn<T>[],
): ColumnDef<GridFeatures, T>[] {
  const helper = createColumnHelper<GridFeatures, T>();
  return columns.map((column): ColumnDef<GridFeatures, T> => {
    const render = column.cell;
    return helper.accessor((row: T): unknown => column.value(row) ?? undefined, {
      id: column.id,
      header: column.header,
      cell: render
        ? (context) => render(context.row.original)
        : (context) => valueText(context.getValue() as CellValue),
      enableSorting: column.sortable ?? true,
      // Straight from the row object: TanStack has already checked both values for blanks
      // with row.getValue, and a second pair of cache lookups per comparison doubles the cost.
      sortFn: (rowA, rowB) =>
        compareValues(column.value(rowA.original), column.value(rowB.original)),
      sortUndefined: 'last',
      meta: {
        align: column.align ?? 'left',
        width: column.width,
        exportText: column.exportText ?? column.value,
      },
    });
  });
}

/** The CSS grid track of each visible column, shared by the header row and every body row. */
export function gridTemplate(metas: readonly (GridColumnMeta | undefined)[]): {
  columns: string;
  minWidth: number;
} {
  const tracks = metas.map((meta) =>
    meta?.width ? `${meta.width}px` : `minmax(${MIN_FLEX_WIDTH}px, 1fr)`,
  );
  const minWidth = metas.reduce((sum, meta) => sum + (meta?.width ?? MIN_FLEX_WIDTH), 0);
  return { columns: tracks.join(' '), minWidth };
}
