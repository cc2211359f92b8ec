import type { Dispatch, FocusEvent, KeyboardEvent, MouseEvent, SetStateAction } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';

import type { GridSelection, RowWithId } from './grid-selection';
import {
  clearSelected,
  cursorIndex,
  extendBy,
  extendTo,
  moveCursor,
  moveCursorBy,
  selectAllRows,
  toggleAtCursor,
} from './grid-selection';
import type { ListController } from './list-controller';
import { bindListElement, setActiveList } from './list-controller';

/** What the grid's keyboard layer acts on; read afresh on every call. */
export interface GridInputOptions {
  /** The rows in view, in display order. */
  rows: readonly RowWithId[];
  selection: GridSelection;
  setSelection: Dispatch<SetStateAction<GridSelection>>;
  /** Rows that fit in one screen, for PageUp/PageDown. */
  pageSize: () => number;
  open: (index: number, newTab: boolean) => void;
  exportCsv: () => void;
  /** What select-all selected, for the status line (server mode selects loaded rows only). */
  describeSelectAll: (count: number) => string;
  /** Shows (or with null, clears) a sentence in the grid's status line. */
  announce: (message: string | null) => void;
  /** Moves the cell cursor by a number of columns (negative is left); absent without one. */
  moveColumn?: (delta: number) => void;
}

/** Handlers to spread on the grid element, and the controller it registers while focused. */
export interface GridInput {
  controller: Required<ListController>;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  /** Click moves the cursor (shift extends, mod toggles); double-click opens (mod: new tab). */
  onRowPointer: (index: number, event: MouseEvent<HTMLElement>) => void;
}

/**
 * The grid's keyboard and pointer contract. The keymap runtime drives the returned ListController
 * (j/k, x, shift+j/k, mod+a, o, mod+enter), registered while focus is inside the grid. The
 * grid itself only handles the keys of the ARIA grid pattern (arrows, Home/End, PageUp/Down,
 * Enter; Left/Right only with a cell cursor) so it works without the keymap, e.g. for a screen reader user; it marks those events
 * handled (defaultPrevented), and it leaves alone events the keymap already handled.
 */
export function useGridInput(options: GridInputOptions): GridInput {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const controller = useMemo<Required<ListController>>(() => {
    const update = (
      change: (state: GridSelection, rows: readonly RowWithId[]) => GridSelection,
      message: string | null = null,
    ) => {
      const { setSelection, announce } = latest.current;
      setSelection((state) => change(state, latest.current.rows));
      announce(message);
    };
    return {
      next: () => update((state, rows) => moveCursorBy(state, rows, 1)),
      prev: () => update((state, rows) => moveCursorBy(state, rows, -1)),
      first: () => update((state, rows) => moveCursor(state, rows, 0)),
      last: () => update((state, rows) => moveCursor(state, rows, rows.length - 1)),
      pageDown: () => update((state, rows) => moveCursorBy(state, rows, latest.current.pageSize())),
      pageUp: () => update((state, rows) => moveCursorBy(state, rows, -latest.current.pageSize())),
      extendNext: () => update((state, rows) => extendBy(state, rows, 1)),
      extendPrev: () => update((state, rows) => extendBy(state, rows, -1)),
      toggleSelect: () => update(toggleAtCursor),
      selectAll: () => {
        const { rows, describeSelectAll } = latest.current;
        update(selectAllRows, describeSelectAll(rows.length));
      },
      clearSelection: () => {
        const had = latest.current.selection.selected.size > 0;
        update(clearSelected);
        return had;
      },
      open: ({ newTab }) => {
        const { rows, selection, open } = latest.current;
        const index = cursorIndex(selection, rows);
        if (index >= 0) open(index, newTab);
      },
      exportCsv: () => latest.current.exportCsv(),
      selectionCount: () => latest.current.selection.selected.size,
    };
  }, []);

  const unregister = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      unregister.current?.();
      unregister.current = null;
    },
    [],
  );

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      bindListElement(event.currentTarget, controller);
      unregister.current ??= setActiveList(controller);
    },
    [controller],
  );

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    unregister.current?.();
    unregister.current = null;
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // Keys on the header's sort buttons belong to the buttons.
      if (event.defaultPrevented || event.target !== event.currentTarget || event.altKey) return;
      const plain = !event.shiftKey && !event.ctrlKey && !event.metaKey;
      switch (event.key) {
        case 'ArrowDown':
          if (!plain) return;
          controller.next();
          break;
        case 'ArrowUp':
          if (!plain) return;
          controller.prev();
          break;
        case 'Home':
          if (event.shiftKey) return;
          controller.first();
          break;
        case 'End':
          if (event.shiftKey) return;
          controller.last();
          break;
        case 'ArrowLeft':
        case 'ArrowRight': {
          const moveColumn = latest.current.moveColumn;
          if (!plain || !moveColumn) return;
          moveColumn(event.key === 'ArrowRight' ? 1 : -1);
          break;
        }
        case 'PageDown':
          if (!plain) return;
          controller.pageDown();
          break;
        case 'PageUp':
          if (!plain) return;
          controller.pageUp();
          break;
        case 'Enter':
          if (event.shiftKey) return;
          controller.open({ newTab: event.ctrlKey || event.metaKey });
          break;
        default:
          return;
      }
      event.preventDefault();
    },
    [controller],
  );

  const onRowPointer = useCallback((index: number, event: MouseEvent<HTMLElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    if (event.type === 'dblclick') {
      latest.current.open(index, mod);
      return;
    }
    const { setSelection, announce, rows } = latest.current;
    if (event.shiftKey) setSelection((state) => extendTo(state, rows, index));
    else if (mod) setSelection((state) => toggleAtCursor(moveCursor(state, rows, index), rows));
    else setSelection((state) => moveCursor(state, rows, index));
    announce(null);
  }, []);

  return { controller, onKeyDown, onFocus, onBlur, onRowPointer };
}
