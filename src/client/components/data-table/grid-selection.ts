/**
 * The cursor and the selection of a DataTable, as pure functions of the rows in view. Rows are
 * remembered by id (so the cursor follows its row through a sort) and by the index where they
 * were last seen (so finding them again is O(1) when the order did not change).
 */

/** The part of a row these functions read. */
export interface RowWithId {
  readonly id: string;
}

/** A row the cursor or the anchor points at. */
export interface RowRef {
  readonly id: string;
  readonly index: number;
}

/** Cursor, selected ids, and where a shift-extend started. */
export interface GridSelection {
  readonly cursor: RowRef | null;
  /** Where the current shift-extend started; null when the last move was not an extend. */
  readonly anchor: RowRef | null;
  /** The selection before the current extend, so that shrinking the range gives rows back. */
  readonly base: ReadonlySet<string>;
  readonly selected: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

/** No cursor, nothing selected. */
export const emptySelection: GridSelection = {
  cursor: null,
  anchor: null,
  base: NOTHING,
  selected: NOTHING,
};

/** Where a remembered row is now, or -1 when it left the view. */
export function findRow(ref: RowRef | null, rows: readonly RowWithId[]): number {
  if (!ref) return -1;
  if (rows[ref.index]?.id === ref.id) return ref.index;
  return rows.findIndex((row) => row.id === ref.id);
}

/**
 * The row the cursor is on. Before the first move, and after the cursor's row left the view
 * (a filter, a new sort on the server), it is the first row; -1 only when there are no rows.
 */
export function cursorIndex(state: GridSelection, rows: readonly RowWithId[]): number {
  const index = findRow(state.cursor, rows);
  return index >= 0 ? index : rows.length > 0 ? 0 : -1;
}

function refAt(rows: readonly RowWithId[], index: number): RowRef | null {
  const row = rows[index];
  return row ? { id: row.id, index } : null;
}

function clamp(index: number, rows: readonly RowWithId[]): number {
  return Math.max(0, Math.min(index, rows.length - 1));
}

/** Puts the cursor on a row (clamped to the list); ends any extend. */
export function moveCursor(
  state: GridSelection,
  rows: readonly RowWithId[],
  index: number,
): GridSelection {
  if (rows.length === 0) return state;
  return { ...state, cursor: refAt(rows, clamp(index, rows)), anchor: null };
}

/** Moves the cursor by a number of rows (negative is up). */
export function moveCursorBy(
  state: GridSelection,
  rows: readonly RowWithId[],
  delta: number,
): GridSelection {
  return moveCursor(state, rows, cursorIndex(state, rows) + delta);
}

/**
 * Moves the cursor to a row and selects the contiguous range from the anchor (the row the
 * extend started on) to it, on top of whatever was selected before the extend began.
 */
export function extendTo(
  state: GridSelection,
  rows: readonly RowWithId[],
  index: number,
): GridSelection {
  if (rows.length === 0) return state;
  const from = state.anchor ? findRow(state.anchor, rows) : -1;
  const continuing = from >= 0;
  const start = continuing ? from : cursorIndex(state, rows);
  const end = clamp(index, rows);
  const base = continuing ? state.base : state.selected;
  const selected = new Set(base);
  for (let i = Math.min(start, end); i <= Math.max(start, end); i++) {
    const row = rows[i];
    if (row) selected.add(row.id);
  }
  return { cursor: refAt(rows, end), anchor: refAt(rows, start), base, selected };
}

/** Extends the selection by a number of rows from the cursor. */
export function extendBy(
  state: GridSelection,
  rows: readonly RowWithId[],
  delta: number,
): GridSelection {
  return extendTo(state, rows, cursorIndex(state, rows) + delta);
}

/** Adds the cursor's row to the selection, or takes it out. */
export function toggleAtCursor(state: GridSelection, rows: readonly RowWithId[]): GridSelection {
  const index = cursorIndex(state, rows);
  const row = rows[index];
  if (!row) return state;
  const selected = new Set(state.selected);
  if (selected.has(row.id)) selected.delete(row.id);
  else selected.add(row.id);
  return { ...state, cursor: refAt(rows, index), anchor: null, selected };
}

/** Selects every row in view. */
export function selectAllRows(state: GridSelection, rows: readonly RowWithId[]): GridSelection {
  return { ...state, anchor: null, selected: new Set(rows.map((row) => row.id)) };
}

/** Empties the selection; the cursor stays. */
export function clearSelected(state: GridSelection): GridSelection {
  return state.selected.size === 0
    ? state
    : { ...state, anchor: null, base: NOTHING, selected: NOTHING };
}

/** Drops selected rows the list no longer has; the same state when none went away. */
export function keepRows(state: GridSelection, has: (id: string) => boolean): GridSelection {
  if (state.selected.size === 0) return state;
  const selected = new Set([...state.selected].filter(has));
  if (selected.size === state.selected.size) return state;
  return { ...state, anchor: null, base: NOTHING, selected };
}
