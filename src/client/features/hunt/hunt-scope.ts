import type { HuntScope } from '../../api/hunt/hunt';
import type { HuntTime } from '../../../shared/schemas/hunt';

/** The spans the time chooser offers, back from now. */
export const HUNT_SPANS: Record<Extract<HuntTime, { last: string }>['last'], number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
};
export type HuntSpan = keyof typeof HUNT_SPANS;

const isSpan = (value: string | null): value is HuntSpan => value !== null && value in HUNT_SPANS;

/** The hunt the URL holds: `q`, and `from`/`to` (epoch ms) or `last` (24h, 7d, 30d, 90d). */
export function scopeFromParams(
  params: URLSearchParams,
  now: number,
): HuntScope & { last: HuntSpan | null } {
  const q = params.get('q') ?? '';
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (
    params.get('from') &&
    params.get('to') &&
    Number.isFinite(from) &&
    Number.isFinite(to) &&
    to > from
  ) {
    return { q, from, to, last: null };
  }
  const last = isSpan(params.get('last')) ? (params.get('last') as HuntSpan) : '30d';
  // Rounded to the minute, so a re-render does not ask again for a slightly different range.
  const end = Math.ceil(now / 60_000) * 60_000;
  return { q, from: end - HUNT_SPANS[last], to: end, last };
}
