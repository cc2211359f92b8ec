import type { Header, Row, RowData } from '@tanstack/react-table';
import { FlexRender } from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent } from 'react';
import { memo, useState } from 'react';

import { TruncatedText } from '../tooltip';
import type { GridFeatures } from './columns';

/** Height of a body row and of the header row, in px (matches `--row`). */
export const ROW_HEIGHT = 28;

type AriaSort = 'ascending' | 'descending' | 'none';

function ariaSort(direction: false | 'asc' | 'desc'): AriaSort {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

/**
 * The sticky header row. Sortable headers are buttons (click or Enter/Space cycles ascending,
 * descending, none); only one of them is a tab stop and Left/Right move between them, so the
 * header adds one stop to the tab order, not one per column.
 */
export function GridHeader<T extends RowData>(props: {
  headers: readonly Header<GridFeatures, T>[];
}) {
  const sortable = props.headers.filter((header) => header.column.getCanSort());
  const [stop, setStop] = useState<string | null>(null);
  const tabStop = sortable.some((header) => header.id === stop) ? stop : sortable[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const buttons = Array.from(
      event.currentTarget
        .closest('[role="row"]')
        ?.querySelectorAll<HTMLButtonElement>('button.dt-sort') ?? [],
    );
    const at = buttons.indexOf(event.currentTarget);
    const next = buttons[at + (event.key === 'ArrowRight' ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <div role="rowgroup" className="dt-head">
      <div role="row" aria-rowindex={1} className="dt-row dt-header-row">
        {props.headers.map((header, index) => {
          const column = header.column;
          const align = column.columnDef.meta?.align ?? 'left';
          const direction = column.getIsSorted();
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-colindex={index + 1}
              aria-sort={column.getCanSort() ? ariaSort(direction) : undefined}
              className={`dt-cell dt-header-cell${align === 'right' ? ' dt-right' : ''}`}
            >
              {column.getCanSort() ? (
                <button
                  type="button"
                  className="dt-sort"
                  tabIndex={header.id === tabStop ? 0 : -1}
                  onClick={column.getToggleSortingHandler()}
                  onFocus={() => setStop(header.id)}
                  onKeyDown={onKeyDown}
                >
                  <span className="dt-header-text">
                    <FlexRender header={header} />
                  </span>
                  <span className="dt-sort-mark" aria-hidden="true">
                    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                  </span>
                </button>
              ) : (
                <span className="dt-header-text">
                  <FlexRender header={header} />
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Shift+click extends the row selection; without this the browser would also extend a text
 * selection across the rows. Cancelling the press also cancels its focus, so focus the grid.
 */
function keepTextSelectionOnShift(event: MouseEvent<HTMLDivElement>) {
  if (!event.shiftKey) return;
  event.preventDefault();
  event.currentTarget.closest<HTMLElement>('[role="grid"]')?.focus();
}

/** One virtual body row; memoized so that moving the cursor re-renders two rows, not sixty. */
export const GridRow = memo(function GridRow(props: {
  row: Row<GridFeatures, RowData>;
  index: number;
  domId: string;
  top: number;
  selected: boolean;
  cursor: boolean;
  /** The shown column the cell cursor is on in this row (the cursor row only), else -1. */
  cursorColumn: number;
  /** Changes when the visible columns change, which the row object alone does not show. */
  columnsKey: string;
  onPointer: (index: number, event: MouseEvent<HTMLDivElement>) => void;
}) {
  const { row, index, onPointer } = props;
  return (
    <div
      id={props.domId}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={props.selected}
      data-cursor={props.cursor || undefined}
      className="dt-row dt-body-row"
      style={{ transform: `translateY(${props.top}px)` }}
      onMouseDown={keepTextSelectionOnShift}
      onClick={(event) => onPointer(index, event)}
      onDoubleClick={(event) => onPointer(index, event)}
    >
      {row.getVisibleCells().map((cell, column) => (
        <div
          key={cell.id}
          role="gridcell"
          aria-colindex={column + 1}
          id={column === props.cursorColumn ? `${props.domId}-cell` : undefined}
          data-cell-cursor={column === props.cursorColumn || undefined}
          className={`dt-cell${cell.column.columnDef.meta?.align === 'right' ? ' dt-right' : ''}`}
        >
          {/* Text that does not fit ends in an ellipsis; its tooltip shows all of it. */}
          <TruncatedText className="dt-cell-content">
            <FlexRender cell={cell} />
          </TruncatedText>
        </div>
      ))}
    </div>
  );
});
