import { conflict } from '../../domain-error';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A case on legal hold keeps the events in its window: the window may grow, never shrink, or
 * the next retention run would remove what the hold promised to keep. Lift the hold first.
 */
export function assertHeldWindowKept(
  held: { window_start: number; window_end: number },
  windowStart: number,
  windowEnd: number,
): void {
  const start = Number(held.window_start);
  const end = Number(held.window_end);
  if (windowStart <= start && windowEnd >= end) return;
  throw conflict(
    `This investigation is on legal hold, so its window cannot shrink: it must still cover ${isoDay(start)} to ${isoDay(end)}. Widen it, or ask someone who may lift the hold.`,
    windowStart > start ? 'windowStart' : 'windowEnd',
  );
}
