import { describe, expect, it } from 'vitest';

import type { GridSelection } from '../../../../src/client/components/data-table/grid-selection';
import {
  clearSelected,
  cursorIndex,
  emptySelection,
  extendBy,
  moveCursor,
  moveCursorBy,
  selectAllRows,
  toggleAtCursor,
} from '../../../../src/client/components/data-table/grid-selection';

const rows = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
const selected = (state: GridSelection) => [...state.selected].sort();

describe('grid selection', () => {
  it('starts on the first row and stops at both ends', () => {
    expect(cursorIndex(emptySelection, rows)).toBe(0);
    expect(cursorIndex(emptySelection, [])).toBe(-1);
    expect(cursorIndex(moveCursorBy(emptySelection, rows, -1), rows)).toBe(0);
    expect(cursorIndex(moveCursorBy(emptySelection, rows, 99), rows)).toBe(4);
  });

  it('extends a contiguous range from the anchor, and shrinks it back', () => {
    let state = moveCursor(emptySelection, rows, 1);
    state = extendBy(state, rows, 1);
    state = extendBy(state, rows, 1);
    expect(selected(state)).toEqual(['b', 'c', 'd']);
    state = extendBy(state, rows, -1);
    expect(selected(state)).toEqual(['b', 'c']);
    state = extendBy(state, rows, -2);
    expect(selected(state)).toEqual(['a', 'b']);
    expect(cursorIndex(state, rows)).toBe(0);
  });

  it('keeps rows selected before an extend began', () => {
    let state = toggleAtCursor(moveCursor(emptySelection, rows, 4), rows);
    state = extendBy(moveCursor(state, rows, 0), rows, 1);
    expect(selected(state)).toEqual(['a', 'b', 'e']);
  });

  it('toggles, selects all and clears', () => {
    let state = toggleAtCursor(moveCursor(emptySelection, rows, 2), rows);
    expect(selected(state)).toEqual(['c']);
    state = toggleAtCursor(state, rows);
    expect(selected(state)).toEqual([]);
    state = selectAllRows(state, rows);
    expect(state.selected.size).toBe(5);
    expect(clearSelected(state).selected.size).toBe(0);
  });

  it('follows its row through a reorder, and falls back to the first row when it is gone', () => {
    const state = moveCursor(emptySelection, rows, 3);
    expect(cursorIndex(state, [...rows].reverse())).toBe(1);
    expect(
      cursorIndex(
        state,
        rows.filter((row) => row.id !== 'd'),
      ),
    ).toBe(0);
  });
});
