import type { PinTableId, PinTableRow } from '../../../../shared/findings/pin-tables';
import { eventPinTarget, findingPinTarget } from '../../../state/pin-draft';
import type { PinOf } from './finding-table';

/**
 * How the rows of a finding table are pinned: by the table's id and each row's key, which the
 * server uses to compute the finding and capture the row (shared/findings/pin-tables.ts).
 */
export function pinFinding<T extends PinTableId>(table: T): PinOf<PinTableRow<T>> {
  return (row) => findingPinTarget(table, row);
}

/**
 * How rows that are events are pinned: by event id (the server captures the event and its raw
 * record). The table adds the evidence page it is on.
 */
export function pinEventRow<T extends { id: string }>(label: (row: T) => string): PinOf<T> {
  return (row) => eventPinTarget({ id: row.id, summary: label(row) }, null);
}
