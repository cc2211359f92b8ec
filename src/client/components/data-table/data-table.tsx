import type { RowData } from '@tanstack/react-table';

import type { DataTableProps } from './data-table-props';
import { Grid } from './grid-view';
import type { ServerSource } from './server-source';
import { useServerRows } from './server-source';
import type { ViewState } from './view-state';
import { useDebouncedValue, useViewState } from './view-state';

export type { DataTableColumn } from './columns';
export type { DataTableHandle, DataTableProps } from './data-table-props';
export type { FetchPageArgs, ServerPage, ServerSource } from './server-source';

/** How long server mode waits after the last keystroke before it asks the server to filter. */
const SERVER_FILTER_DELAY_MS = 250;

const NO_ROWS: never[] = [];

/**
 * The one table every list in Vigil uses: an ARIA grid with a roving cursor, virtualized
 * rows (a million rows keep about sixty row elements in the page), sorting, filtering,
 * column visibility and CSV export of the current view.
 *
 * Client mode (`rows`) sorts and filters in the browser. Server mode (`source`) sends sort and
 * filter to the server and fetches cursor pages as the user scrolls near the end.
 *
 * Keys: the keymap drives the ListController the grid registers while it has focus (j/k, x,
 * shift+j/k, mod+a, o, mod+enter). The grid itself handles only the ARIA grid keys (arrows,
 * Home/End, PageUp/PageDown, Enter), so it also works without the keymap.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const view = useViewState(props.columns, props.initialSort);
  // The mode is fixed for the life of a table: a page passes either rows or a source.
  if (props.source) return <ServerGrid {...props} source={props.source} view={view} />;
  return <Grid {...props} rows={props.rows ?? NO_ROWS} server={null} view={view} />;
}

function ServerGrid<T extends RowData>(
  props: DataTableProps<T> & { source: ServerSource<T>; view: ViewState },
) {
  const { view, source } = props;
  const filter = useDebouncedValue(view.filterText.trim(), SERVER_FILTER_DELAY_MS);
  const sort = view.sorting[0] ?? null;
  const server = useServerRows(source, sort ? { id: sort.id, desc: sort.desc } : null, filter);
  return <Grid {...props} rows={server.rows} server={server} view={view} />;
}
