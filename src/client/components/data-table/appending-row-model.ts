import type { Row, RowData, RowModel, Table, TableFeatures } from '@tanstack/react-table';
import { constructRow, tableMemo } from '@tanstack/react-table';

interface Built<TFeatures extends TableFeatures, TData extends RowData> {
  data: readonly TData[];
  model: RowModel<TFeatures, TData>;
}

/**
 * Every row's sub-rows: DataTable lists are flat, and one shared frozen array saves an
 * allocation per row (a million of them for a million-row list).
 */
const NO_SUB_ROWS: never[] = Object.freeze([]) as never[];

function startsWith<TData>(data: readonly TData[], prefix: readonly TData[]): boolean {
  if (prefix.length === 0 || prefix.length > data.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

function build<TFeatures extends TableFeatures, TData extends RowData>(
  table: Table<TFeatures, TData>,
  previous: Built<TFeatures, TData> | null,
  data: readonly TData[],
): Built<TFeatures, TData> {
  const reuse = previous !== null && startsWith(data, previous.data);
  const rows: Row<TFeatures, TData>[] = reuse ? previous.model.rows.slice() : [];
  // The previous model is superseded, so its id map can be extended in place.
  const rowsById: Record<string, Row<TFeatures, TData>> = reuse
    ? previous.model.rowsById
    : (Object.create(null) as Record<string, Row<TFeatures, TData>>);
  for (let index = rows.length; index < data.length; index++) {
    const original = data[index] as TData;
    const id = table.getRowId(original, index);
    const row = constructRow(table, id, original, index, 0, NO_SUB_ROWS);
    rows.push(row);
    rowsById[row.id] = row;
  }
  return { data, model: { rows, flatRows: rows, rowsById } };
}

/**
 * A core row model for lists that grow at the end, as server mode does one page at a time.
 * TanStack's own core model rebuilds every row whenever `data` changes, so the Nth page would
 * cost all N pages again (about a second per 100,000 loaded rows); this one keeps the rows it
 * built when the new data starts with the same row objects, and builds only the new page.
 * Any other change (a new sort, new client rows) rebuilds everything, as before. Flat lists
 * only: DataTable has no sub-rows.
 */
export function createAppendingCoreRowModel() {
  return <TFeatures extends TableFeatures, TData extends RowData>(
    table: Table<TFeatures, TData>,
  ): (() => RowModel<TFeatures, TData>) => {
    let built: Built<TFeatures, TData> | null = null;
    return tableMemo({
      feature: 'coreRowModelsFeature',
      table,
      fnName: 'table.getCoreRowModel',
      memoDeps: () => [table.options.data],
      fn: () => {
        built = build(table, built, table.options.data);
        return built.model;
      },
    });
  };
}
