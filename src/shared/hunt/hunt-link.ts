import type { HuntTime } from '../schemas/hunt';
import { buildPath } from '../routes';

/** A hunt's URL search values: `q`, and `last` (a span back from now) or `from`/`to` (epoch ms). */
export function huntSearch(q: string, time: HuntTime): Record<string, string> {
  return {
    ...(q ? { q } : {}),
    ...('last' in time ? { last: time.last } : { from: String(time.from), to: String(time.to) }),
  };
}

/**
 * The address of a hunt: its query and its time (a span back from now, or fixed ends), so a
 * link, a saved search opened from the palette, or a pivot reproduces the same hunt.
 */
export function huntPath(q: string, time: HuntTime): string {
  return buildPath('hunt', {}, huntSearch(q, time));
}
