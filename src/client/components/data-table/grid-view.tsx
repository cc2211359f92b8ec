import './data-table.css';

import type { Column, Row, RowData } from '@tanstack/react-table';
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CSSProperties, MouseEvent } from 'react';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import type { CellValue, GridFeatures } from './columns';
import { globalTextFilter, gridFeatures, gridTemplate, textFilter, toColumnDefs } from './columns';
import { downloadCsv, toCsv } from './csv';
import { columnsToDrop, useElementWidth } from './fit-columns';
import type { DataTableProps } from './data-table-props';
import { bodyMessage, statusMessage } from './grid-messages';
import { clearSelected, cursorIndex, emptySelection, keepRows, moveCursor } from './grid-selection';
import { GridHeader, GridRow, ROW_HEIGHT } from './grid-rows';
import { GridToolbar } from './grid-toolbar';
import type { RowCountInput } from './row-count';
import { ariaRowCount, rowCountText, selectAllText } from './row-count';
import type { ServerRows } from './server-source';
import { useCellCursor } from './use-cell-cursor';
import { useGridInput } from './use-grid-input';
import type { ViewState } from './view-state';

/** The grid's borders and a vertical scrollbar: frame width the columns cannot use. */
const FRAME_CHROME = 18;

/** Rows left below the viewport when server mode asks for the next page. */
const PREFETCH_ROWS = 40;
const OVERSCAN = 10;

/** The grid with its rows already in hand: client rows, or the loaded pages of a server list. */
export interface GridProps<T extends RowData> extends Omit<DataTableProps<T>, 'rows' | 'source'> {
  rows: T[];
  server: ServerRows<T> | null;
  view: ViewState;
}

function headerText(column: Column<GridFeatures, RowData>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

/** The DataTable body shared by both modes; see DataTable for the behaviour. */
export function Grid<T extends RowData>(props: GridProps<T>) {
  const { label, columns, rows, server, view, height = 480, toolbar = true } = props;
  const isServer = server !== null;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);

  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const visibleColumnDefs = useMemo(
    () => columns.filter((c) => view.columnVisibility[c.id] !== false),
    [columns, view.columnVisibility],
  );
  // A narrow table (a pane of a split) leaves out the columns that do not fit, key columns last;
  // the user's own choice of columns (the menu, the filter, the CSV) is not changed by it.
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frameRef);
  const dropped = useMemo(
    () => columnsToDrop(visibleColumnDefs, frameWidth === null ? null : frameWidth - FRAME_CHROME),
    [visibleColumnDefs, frameWidth],
  );
  const columnVisibility = useMemo(
    () =>
      dropped.length === 0
        ? view.columnVisibility
        : { ...view.columnVisibility, ...Object.fromEntries(dropped.map((id) => [id, false])) },
    [view.columnVisibility, dropped],
  );
  const shownColumnDefs = visibleColumnDefs.filter((c) => !dropped.includes(c.id));
  const columnsKey = shownColumnDefs.map((c) => c.id).join();
  // Filtering 100k rows per keystroke would make typing lag; React filters the deferred text.
  // Down or Enter out of the filter box commits the text: the rows the keys then act on (o, p,
  // x) are the ones this text shows, not an older filter's still on screen behind typing.
  const deferredText = useDeferredValue(view.filterText);
  const [committedText, setCommittedText] = useState<string | null>(null);
  const filterText = committedText === view.filterText ? committedText : deferredText;
  const globalFilter = useMemo(
    () => (isServer ? '' : textFilter(filterText, visibleColumnDefs)),
    [isServer, filterText, visibleColumnDefs],
  );

  const table = useTable({
    features: gridFeatures,
    columns: columnDefs,
    data: rows,
    getRowId: props.getRowId,
    state: { sorting: view.sorting, globalFilter, columnVisibility },
    onSortingChange: view.setSorting,
    // Applied to the user's choice, not to the columns left out for width.
    onColumnVisibilityChange: (change) =>
      view.setColumnVisibility((chosen) =>
        typeof change === 'function' ? change(chosen) : change,
      ),
    globalFilterFn: globalTextFilter,
    manualSorting: isServer,
    // With no filter text the filtering stage would still visit (and allocate for) every row.
    manualFiltering: isServer || globalFilter === '',
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const tableRows = table.getRowModel().rows as Row<GridFeatures, RowData>[];
  const visibleColumns = table.getVisibleLeafColumns();

  const [selection, setSelection] = useState(emptySelection);
  const [notice, setNotice] = useState<string | null>(null);
  const cursor = useMemo(() => cursorIndex(selection, tableRows), [selection, tableRows]);
  const shownIds = visibleColumns.map((column) => column.id);
  const cell = useCellCursor(
    props.cellCursor ?? false,
    shownIds,
    scrollRef,
    props.cellCursorStartsOn,
  );
  const cellColumn = cell.column;

  const counts: RowCountInput = server
    ? { mode: 'server', loaded: rows.length, total: server.total, hasMore: server.hasMore }
    : { mode: 'client', shown: tableRows.length, total: rows.length };

  // Columns the user has not hidden, including those left out for width.
  const isChosen = (column: { id: string }) => view.columnVisibility[column.id] !== false;
  const exportCsv = () => {
    if (props.exportAll) {
      props.exportAll();
      return;
    }
    // What the table shows, in words (labels, ISO times), not the values it sorts by.
    const csvColumns = table
      .getAllLeafColumns()
      .filter(isChosen)
      .map((column) => {
        const exportText = column.columnDef.meta?.exportText as ((row: T) => CellValue) | undefined;
        return {
          header: headerText(column as Column<GridFeatures, RowData>),
          value: (row: Row<GridFeatures, T>) =>
            exportText ? exportText(row.original) : row.getValue<CellValue>(column.id),
        };
      });
    downloadCsv(props.exportName ?? label, toCsv(csvColumns, table.getRowModel().rows));
  };

  const input = useGridInput({
    rows: tableRows,
    selection,
    setSelection,
    pageSize: () => {
      const viewport = scrollRef.current?.clientHeight || (typeof height === 'number' ? height : 0);
      return Math.max(1, Math.floor((viewport - ROW_HEIGHT) / ROW_HEIGHT) - 1);
    },
    open: (index, newTab) => {
      const row = tableRows[index];
      if (row) props.onOpen?.(row.original as T, { newTab });
    },
    exportCsv,
    describeSelectAll: (count) => selectAllText(counts, count),
    announce: setNotice,
    moveColumn: cell.move,
  });
  // A click puts the cell cursor on the cell clicked, then does what a click on its row does.
  const { pointAt } = cell;
  const onRowPointer = input.onRowPointer;
  const onPointer = useCallback(
    (index: number, event: MouseEvent<HTMLDivElement>) => {
      pointAt(event);
      onRowPointer(index, event);
    },
    [pointAt, onRowPointer],
  );

  // Rows that left the list (new data, a new server sort or filter) leave the selection too,
  // so list commands never act on rows the user cannot see; the table's own filter keeps them.
  const loaded = table.getCoreRowModel();
  useEffect(() => {
    setSelection((state) => keepRows(state, (id) => id in loaded.rowsById));
  }, [loaded]);

  const onSelectionChange = useRef(props.onSelectionChange);
  useLayoutEffect(() => {
    onSelectionChange.current = props.onSelectionChange;
  });
  const reported = useRef(selection.selected);
  useEffect(() => {
    if (reported.current === selection.selected) return;
    reported.current = selection.selected;
    onSelectionChange.current?.([...selection.selected]);
  }, [selection.selected]);

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The sticky header sits inside the scroll area, above the first row.
    paddingStart: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
    initialRect: typeof height === 'number' ? { width: 0, height } : undefined,
  });
  const items = virtualizer.getVirtualItems();

  // The cursor row stays in view when it moves and when a new sort or filter reorders the
  // rows under it (its row went away: the cursor is back on the first row, at the top).
  const viewKey = `${JSON.stringify(view.sorting)}\n${view.filterText}`;
  useEffect(() => {
    if (cursor >= 0) virtualizer.scrollToIndex(cursor);
  }, [cursor, viewKey, virtualizer]);

  // The row the page shows (opened from a link or the palette, perhaps far down the list) is
  // scrolled into view once, when it is first among the rows, and the cursor goes there, so
  // j and k carry on from that person. Later renders, sorts and cursor moves leave the scroll
  // to the user, and focus stays where it was. Runs after the cursor's scroll above, so on the
  // first load it wins over the cursor's first row.
  const shownRowId = props.selectedRowId ?? null;
  const scrolledToShownRow = useRef<string | null>(null);
  useEffect(() => {
    if (shownRowId === null) {
      scrolledToShownRow.current = null;
      return;
    }
    if (scrolledToShownRow.current === shownRowId) return;
    const index = tableRows.findIndex((row) => row.id === shownRowId);
    if (index < 0) return;
    scrolledToShownRow.current = shownRowId;
    setSelection((state) => moveCursor(state, tableRows, index));
    virtualizer.scrollToIndex(index);
  }, [shownRowId, tableRows, virtualizer]);

  // Read through a ref, so the handle stays one object and answers with what is shown now.
  const handleState = useRef({ tableRows, selection, cursor, shownIds, cellColumn });
  useLayoutEffect(() => {
    handleState.current = { tableRows, selection, cursor, shownIds, cellColumn };
  });
  useImperativeHandle(
    props.tableRef,
    () => ({
      cursorRow: () => {
        const { tableRows: shown, cursor: at } = handleState.current;
        return (shown[at]?.original as T | undefined) ?? null;
      },
      selectedRows: () => {
        const { tableRows: shown, selection: state } = handleState.current;
        return shown.filter((row) => state.selected.has(row.id)).map((row) => row.original as T);
      },
      rows: () => handleState.current.tableRows.map((row) => row.original as T),
      moveCursorTo: (rowId) => {
        const shown = handleState.current.tableRows;
        const index = shown.findIndex((row) => row.id === rowId);
        if (index < 0) return false;
        setSelection((state) => moveCursor(state, shown, index));
        virtualizer.scrollToIndex(index);
        return true;
      },
      clearSelection: () => setSelection(clearSelected),
      cursorColumn: () => {
        const { shownIds: ids, cellColumn: at } = handleState.current;
        return ids[at] ?? null;
      },
    }),
    [virtualizer],
  );

  const cursorRowId = tableRows[cursor]?.id ?? null;
  const onCursorChange = useRef(props.onCursorChange);
  useLayoutEffect(() => {
    onCursorChange.current = props.onCursorChange;
  });
  useEffect(() => {
    onCursorChange.current?.(cursorRowId);
  }, [cursorRowId]);

  const lastRendered = items[items.length - 1]?.index ?? -1;
  const fetchMore = server?.fetchMore;
  useEffect(() => {
    if (fetchMore && lastRendered >= tableRows.length - 1 - PREFETCH_ROWS) fetchMore();
  }, [fetchMore, lastRendered, tableRows.length]);

  const message = bodyMessage({
    label,
    shownRows: tableRows.length,
    loading: props.loading,
    server,
    filterText: view.filterText,
    emptyMessage: props.emptyMessage,
  });
  const status = statusMessage(server, tableRows.length, notice);

  const template = gridTemplate(visibleColumns.map((column) => column.columnDef.meta));
  const gridStyle = {
    '--dt-columns': template.columns,
    '--dt-min-width': `${template.minWidth}px`,
    height: typeof height === 'number' ? height : undefined,
  } as CSSProperties;
  const rowDomId = (index: number) => `${gridId}-row-${index}`;
  const cursorRendered = items.some((item) => item.index === cursor);
  const activeId = cellColumn >= 0 ? `${rowDomId(cursor)}-cell` : rowDomId(cursor);

  return (
    <div className={`data-table${height === 'fill' ? ' dt-fill' : ''}`}>
      {toolbar ? (
        <GridToolbar
          label={label}
          filterable={props.filterable ?? true}
          filterText={view.filterText}
          onFilterText={view.setFilterText}
          onEnterRows={() => {
            setCommittedText(view.filterText);
            scrollRef.current?.focus();
          }}
          extra={props.toolbarExtra}
          countText={rowCountText(counts)}
          selectedCount={selection.selected.size}
          columns={table.getAllLeafColumns().map((column) => ({
            id: column.id,
            header: headerText(column as Column<GridFeatures, RowData>),
            visible: isChosen(column),
          }))}
          onToggleColumn={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
          onExport={exportCsv}
          exportTitle={
            server?.hasMore
              ? `Download the ${rows.length.toLocaleString('en-US')} loaded rows as CSV (rows not loaded yet are left out)`
              : 'Download the rows in view as CSV (visible columns, current sort and filter)'
          }
        />
      ) : null}
      <div className="dt-frame" ref={frameRef}>
        <div
          ref={scrollRef}
          role="grid"
          aria-label={label}
          aria-rowcount={ariaRowCount(counts)}
          aria-colcount={visibleColumns.length}
          aria-multiselectable="true"
          aria-busy={props.loading || server?.loadingFirst || server?.loadingMore || undefined}
          aria-activedescendant={cursorRendered ? activeId : undefined}
          tabIndex={0}
          data-main-grid={props.mainGrid ? '' : undefined}
          data-arrival-focus={props.arrivalFocus === false ? 'off' : undefined}
          className="dt-scroll"
          style={gridStyle}
          onKeyDown={input.onKeyDown}
          onFocus={input.onFocus}
          onBlur={input.onBlur}
        >
          <GridHeader headers={table.getHeaderGroups()[0]?.headers ?? []} />
          {message ? (
            <div role="rowgroup">
              <div role="row" aria-rowindex={2} className="dt-row dt-message-row">
                <div role="gridcell" aria-colspan={visibleColumns.length} className="dt-message">
                  {message}
                </div>
              </div>
            </div>
          ) : (
            <div
              role="rowgroup"
              className="dt-body"
              style={{ height: virtualizer.getTotalSize() - ROW_HEIGHT }}
            >
              {items.map((item) => {
                const row = tableRows[item.index];
                if (!row) return null;
                return (
                  <GridRow
                    key={row.id}
                    row={row}
                    index={item.index}
                    domId={rowDomId(item.index)}
                    top={item.start - ROW_HEIGHT}
                    selected={selection.selected.has(row.id) || row.id === props.selectedRowId}
                    cursor={item.index === cursor}
                    cursorColumn={item.index === cursor ? cellColumn : -1}
                    columnsKey={columnsKey}
                    onPointer={onPointer}
                  />
                );
              })}
            </div>
          )}
        </div>
        <div className="dt-status" role="status">
          {status}
        </div>
      </div>
    </div>
  );
}
