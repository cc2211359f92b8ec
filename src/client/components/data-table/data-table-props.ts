import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

import type { DataTableColumn } from './columns';
import type { ServerSource, SortSpec } from './server-source';

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
}
