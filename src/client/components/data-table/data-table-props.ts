import type { RowData } from '@tanstack/react-table';
import type { ReactNode, RefObject } from 'react';

import type { DataTableColumn } from './columns';
import type { ServerSource, SortSpec } from './server-source';

/**
 * What a page may ask of its table outside a key press: a command that acts on "the row under
 * the cursor, or the selection" reads them, and after the change puts the cursor on the row
 * the user would go on with. Read afresh on every call.
 */
export interface DataTableHandle<T = unknown> {
  /** The row under the cursor (the first row before any move); null when the table is empty. */
  cursorRow(): T | null;
  /** The selected rows (x, shift+j/k, mod+a), in the order shown. */
  selectedRows(): T[];
  /** The rows in view, in the order shown. */
  rows(): T[];
  /** Puts the cursor on a row and scrolls it into view; false when no row has that id. */
  moveCursorTo(rowId: string): boolean;
  /** Empties the selection; the cursor stays. */
  clearSelection(): void;
  /** The id of the column the cell cursor is on (`cellCursor`); null without a cell cursor. */
  cursorColumn(): string | null;
}

/**
 * Props of the one table every list in Vigil uses. Keep `columns` stable (module scope or
 * useMemo) and `rows` referentially stable between real changes: TanStack rebuilds its row
 * models whenever either changes.
 */
export interface DataTableProps<T extends RowData> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** Client mode: all rows in memory, sorted and filtered in the browser. */
  rows?: T[];
  /** Server mode for event-scale lists: pages fetched as the user scrolls (cursor paging); sort and filter go to the server. */
  source?: ServerSource<T>;
  onOpen?: (row: T, options: { newTab: boolean }) => void;
  initialSort?: SortSpec;
  emptyMessage?: ReactNode;
  loading?: boolean;
  /** Height of the scroll area: a number of px or 'fill' to fill the parent (flex). Default 480. */
  height?: number | 'fill';
  /** Name of the CSV file the export writes. */
  exportName?: string;
  /**
   * When set, Export CSV (the button and its key) asks the server for every row of the view
   * instead of writing the rows loaded so far.
   */
  exportAll?: () => void;
  /** Filter box, column visibility menu, row count and Export CSV button; default true. */
  toolbar?: boolean;
  onSelectionChange?: (ids: string[]) => void;
  /**
   * The row the page shows in detail (e.g. in a side panel beside the table): marked selected
   * like the rows picked with x, but owned by the page, so list commands leave it alone. When it
   * changes (a link or the palette opened someone far down), the table scrolls it into view once.
   */
  selectedRowId?: string | null;
  /** Shown in the toolbar after the filter box, e.g. extra filter selects. */
  toolbarExtra?: ReactNode;
  /**
   * False leaves out the filter box: a server list whose API has no text search (its page's
   * own filters, in `toolbarExtra`, stand in for it). Default true.
   */
  filterable?: boolean;
  /** Filled with the table's handle while it is shown. */
  tableRef?: RefObject<DataTableHandle<T> | null>;
  /** Told the id of the row under the cursor whenever it changes (null: no rows). */
  onCursorChange?: (rowId: string | null) => void;
  /**
   * A cell cursor inside the row cursor, for screens whose cells have their own actions (the
   * Hunt's pivots on a value): Left/Right move it between the columns shown, a click puts it on
   * the cell clicked, and `cursorColumn()` says where it is. Rows still open with Enter.
   */
  cellCursor?: boolean;
  /**
   * The columns the cell cursor may start on (the Hunt's: those holding a hunting field, so its
   * pivots answer at once): it starts on the first shown that this accepts. Default: the first.
   */
  cellCursorStartsOn?: (columnId: string) => boolean;
  /** Marks the grid as its screen's main one, which takes the keyboard when a pane arrives. */
  mainGrid?: boolean;
  /**
   * False: never take the keyboard when a pane arrives, for a grid that is one section of a
   * form-like screen (the API tokens under Settings), where the focus stays free.
   */
  arrivalFocus?: false;
}
