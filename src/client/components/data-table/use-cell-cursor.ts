import type { MouseEvent, RefObject } from 'react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The cell cursor of a grid that has one: where it is, and how keys and clicks move it. */
export interface CellCursor {
  /** The index, among the columns shown, of the column it is on; -1 without a cell cursor. */
  column: number;
  /** Moves it by a number of columns (negative is left), within the row; absent without one. */
  move: ((delta: number) => void) | undefined;
  /** Puts it on the cell a click landed on (stable between renders). */
  pointAt: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * A cursor on one cell of the cursor row, for grids whose cells have their own actions. It
 * remembers its column by id, so it stays on that column when others are hidden or dropped for
 * width, and falls back to the first column shown that `startsOn` accepts (else the first
 * shown). When it reaches a column past the grid's edge, the grid scrolls it into view.
 */
export function useCellCursor(
  enabled: boolean,
  shownIds: readonly string[],
  scrollRef: RefObject<HTMLElement | null>,
  startsOn?: (columnId: string) => boolean,
): CellCursor {
  const [columnId, setColumnId] = useState<string | null>(null);
  const home = startsOn ? Math.max(0, shownIds.findIndex(startsOn)) : 0;
  const at = shownIds.indexOf(columnId ?? '');
  const column = !enabled || shownIds.length === 0 ? -1 : at >= 0 ? at : home;

  const shown = useRef(shownIds);
  useLayoutEffect(() => {
    shown.current = shownIds;
  });
  const pointAt = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (!enabled) return;
      const cell = (event.target as Element).closest('[role="gridcell"]');
      const id = shown.current[Number(cell?.getAttribute('aria-colindex')) - 1];
      if (id) setColumnId(id);
    },
    [enabled],
  );

  // Sideways only: the rows' own scrolling (the virtualizer) keeps the cursor row in view.
  useEffect(() => {
    const frame = scrollRef.current;
    const cell = frame?.querySelector('[data-cell-cursor]');
    if (column < 0 || !frame || !cell) return;
    const box = cell.getBoundingClientRect();
    const view = frame.getBoundingClientRect();
    if (box.left < view.left) frame.scrollLeft -= view.left - box.left;
    else if (box.right > view.right) frame.scrollLeft += box.right - view.right;
  }, [column, scrollRef]);

  const move = enabled
    ? (delta: number) => {
        const next = shownIds[Math.min(shownIds.length - 1, Math.max(0, column + delta))];
        if (next) setColumnId(next);
      }
    : undefined;
  return { column, move, pointAt };
}
