import type { ProtectedCase } from '../../db/queries/retention';
import { DAY_MS } from './cutoffs';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Why an events period is too short, or null when it is not: `now − eventsDays` must not fall
 * after the window start of any case that is open or on legal hold, or its evidence would go
 * while someone still works on it. The sentence names the case that needs the longest period.
 */
export function eventsPeriodConflict(
  cases: readonly ProtectedCase[],
  eventsDays: number,
  now: number,
): string | null {
  const cutoff = now - eventsDays * DAY_MS;
  const earliest = [...cases].sort((a, b) => a.windowStart - b.windowStart)[0];
  if (!earliest || earliest.windowStart >= cutoff) return null;
  const needed = Math.ceil((now - earliest.windowStart) / DAY_MS);
  const which = earliest.held ? 'case on legal hold' : 'open case';
  const remedy = earliest.held
    ? 'lift its hold or keep events longer'
    : 'close it, move its window, or keep events longer';
  return `Events must be kept for at least ${needed} days: the ${which} “${earliest.title}” (${earliest.id}) looks at events from ${isoDay(earliest.windowStart)}; ${remedy}.`;
}
