import type { HuntTime } from '../schemas/hunt';
import { buildPath } from '../routes';

/**
 * The address of a hunt: its query and its time (a span back from now, or fixed ends), so a
 * link, a saved search opened from the palette, or a pivot reproduces the same hunt.
 */
export function huntPath(q: string, time: HuntTime): string {
  return buildPath(
    'hunt',
    {},
    {
      ...(q ? { q } : {}),
      ...('last' in time ? { last: time.last } : { from: time.from, to: time.to }),
    },
  );
}
