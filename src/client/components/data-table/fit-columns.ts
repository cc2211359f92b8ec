import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

import { MIN_FLEX_WIDTH } from './columns';

/**
 * The room a column wants before the table starts dropping others: its width, or for a column
 * that shares the rest of the row (a title, a name), enough to read a few words.
 */
export const COMFORTABLE_FLEX_WIDTH = 220;

/** What fitting reads of a column. */
export interface FitColumn {
  readonly id: string;
  readonly width?: number | undefined;
  /** A key column: kept however narrow the table gets. */
  readonly keyColumn?: boolean | undefined;
}

/** The columns marked key, or the first column when a table marks none (it names the row). */
export function keyColumnIds(columns: readonly FitColumn[]): ReadonlySet<string> {
  const marked = columns.filter((column) => column.keyColumn).map((column) => column.id);
  return new Set(marked.length > 0 ? marked : columns.slice(0, 1).map((column) => column.id));
}

/**
 * The columns to leave out so the rest fit `available` px (a pane of a split, a narrow card):
 * the right-most columns that are not key columns go first, until the shown ones fit. Key
 * columns always stay (the grid scrolls sideways if even they do not fit). With no width known
 * yet (`null`), nothing is dropped.
 */
export function columnsToDrop(columns: readonly FitColumn[], available: number | null): string[] {
  if (available === null || available <= 0) return [];
  const keys = keyColumnIds(columns);
  const want = (column: FitColumn) =>
    column.width ?? Math.max(MIN_FLEX_WIDTH, COMFORTABLE_FLEX_WIDTH);
  let total = columns.reduce((sum, column) => sum + want(column), 0);
  const dropped: string[] = [];
  for (const column of [...columns].reverse()) {
    if (total <= available) break;
    if (keys.has(column.id)) continue;
    dropped.push(column.id);
    total -= want(column);
  }
  return dropped;
}

/** The inner width of an element, followed as it resizes (a split opening, a window resized). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
