import type { PivotHow } from '../../../shared/hunt/query-text';
import type { HuntPivotValue } from '../../../shared/hunt/row-fields';
import type { HuntRow } from '../../../shared/schemas/hunt';

/**
 * What the `hunt.*` commands act on. The Hunt screen owns its query box, its rows and its
 * dialogs, so it answers and acts; the commands only decide whether they can run and pass the
 * key or the palette choice on (as the detection rule commands do with their screen).
 */
export interface HuntTarget {
  /** The event a pin acts on: the one opened, else the grid's row under the cursor; or null. */
  event(): HuntRow | null;
  /** The value under the grid's cell cursor, when its column is a hunting field; or null. */
  cellValue(): HuntPivotValue | null;
  /** Hunts for a value alone, or adds it to the query (AND), or excludes it (NOT). */
  pivot(field: string, value: string, how: PivotHow): void;
  /** Puts the caret in the query box, its text selected. */
  focusQuery(): void;
  /** Shows the query fields with examples, and the screen's keys. */
  showFields(): void;
  /** Opens the pin dialog for the event, to pin it to that case. */
  pin(investigationId: string, event: HuntRow): void;
}

let target: HuntTarget | null = null;
let queryFocusWanted = false;

/** Makes the Hunt screen the target of the hunt commands; returns the undo. */
export function setHuntTarget(next: HuntTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The Hunt screen, if it is shown. */
export function huntTarget(): HuntTarget | null {
  return target;
}

/** Asks the Hunt screen about to open to put the caret in its query box. */
export function wantQueryFocus(): void {
  queryFocusWanted = true;
}

/** Whether the screen should focus its query box now (asked once, on arrival). */
export function takeQueryFocus(): boolean {
  const wanted = queryFocusWanted;
  queryFocusWanted = false;
  return wanted;
}
