import type { ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useState } from 'react';

import type { DataTableColumn } from './columns';
import type { SortSpec } from './server-source';

/**
 * What the user chose to see: sort, filter text and visible columns. Held above the grid
 * because in server mode the same state also keys the page query.
 */
export interface ViewState {
  sorting: SortingState;
  setSorting: Dispatch<SetStateAction<SortingState>>;
  columnVisibility: ColumnVisibilityState;
  setColumnVisibility: Dispatch<SetStateAction<ColumnVisibilityState>>;
  filterText: string;
  setFilterText: Dispatch<SetStateAction<string>>;
}

/** The view state a DataTable starts with: its initial sort and default-hidden columns. */
export function useViewState<T>(
  columns: readonly DataTableColumn<T>[],
  initialSort: SortSpec | undefined,
): ViewState {
  const [sorting, setSorting] = useState<SortingState>(() => (initialSort ? [initialSort] : []));
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() =>
    Object.fromEntries(
      columns.filter((column) => column.hiddenByDefault).map((column) => [column.id, false]),
    ),
  );
  const [filterText, setFilterText] = useState('');
  return {
    sorting,
    setSorting,
    columnVisibility,
    setColumnVisibility,
    filterText,
    setFilterText,
  };
}

/** The value after it has stopped changing for `delayMs`: one server request per pause in typing. */
export function useDebouncedValue<V>(value: V, delayMs: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
