import type { CreatePinBody } from '../../../../shared/schemas/findings/pins';
import type { PinOf } from './finding-table';

/** What a page says about a row it pins: a stable ref, the locker's label, and (unless a finding) its kind. */
export interface PinDescription {
  kind?: CreatePinBody['kind'];
  ref: string;
  label: string;
}

/**
 * How the rows of one evidence page are pinned: the page describes a row, and the pin carries
 * the page's slug and the row as the investigator saw it.
 */
export function pinRow<T extends Record<string, unknown>>(
  page: string,
  describe: (row: T) => PinDescription,
): PinOf<T> {
  return (row) => ({ kind: 'finding', ...describe(row), page, snapshot: { ...row } });
}
