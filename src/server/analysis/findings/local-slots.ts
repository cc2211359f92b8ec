import { isOffHours, localParts } from '../../../shared/time/local-time';
import type { OffsetInterval } from '../../../shared/time/local-time';

const DAY_MS = 86_400_000;
const HALF_HOUR_MS = 1_800_000;

/**
 * Hours of the subject's own clock a figure counted: a weekday (0 Monday), an hour, the hours
 * outside working hours, local days (day numbers), any of them together.
 */
export interface LocalSlot {
  weekday?: number;
  hour?: number;
  offHours?: { startHour: number; endHour: number };
  days?: ReadonlySet<number>;
}

/** A span of time, epoch ms, end exclusive. */
export interface Span {
  from: number;
  to: number;
}

/** Whether a UTC half hour (by its start) falls in the slot, on the subject's clock. */
export function inSlot(slot: LocalSlot, bucket: number, offsets: readonly OffsetInterval[]) {
  const local = localParts(bucket, offsets);
  if (slot.weekday !== undefined && local.weekday !== slot.weekday) return false;
  if (slot.hour !== undefined && local.hour !== slot.hour) return false;
  if (slot.offHours && !isOffHours(local.weekday, local.hour, slot.offHours)) return false;
  if (slot.days && !slot.days.has(local.day)) return false;
  return true;
}

/**
 * The instants of a range that fall in the slot, as a few sorted spans. Each UTC half hour
 * counts where its start falls on the subject's clock: the rule the hours heatmap and its
 * days count by (localParts), so the events in these spans are exactly the ones a cell,
 * a week's off-hours share or a day counted, on days with 23 or 25 hours too.
 */
export function slotSpans(
  slot: LocalSlot,
  offsets: readonly OffsetInterval[],
  range: { start: number; end: number },
): Span[] {
  const spans: Span[] = [];
  for (
    let bucket = Math.floor(range.start / HALF_HOUR_MS) * HALF_HOUR_MS;
    bucket < range.end;
    bucket += HALF_HOUR_MS
  ) {
    if (!inSlot(slot, bucket, offsets)) continue;
    const from = Math.max(bucket, range.start);
    const to = Math.min(bucket + HALF_HOUR_MS, range.end);
    const last = spans[spans.length - 1];
    if (last && last.to === from) last.to = to;
    else spans.push({ from, to });
  }
  return spans;
}

/** Whole UTC days (day numbers) as sorted spans within a range, adjacent days merged. */
export function daySpans(days: readonly number[], range: { start: number; end: number }): Span[] {
  const spans: Span[] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const from = Math.max(day * DAY_MS, range.start);
    const to = Math.min((day + 1) * DAY_MS, range.end);
    if (from >= to) continue;
    const last = spans[spans.length - 1];
    if (last && last.to >= from) last.to = Math.max(last.to, to);
    else spans.push({ from, to });
  }
  return spans;
}

/** The instants in both lists of sorted, disjoint spans. */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i]!.from, b[j]!.from);
    const to = Math.min(a[i]!.to, b[j]!.to);
    if (from < to) out.push({ from, to });
    if (a[i]!.to < b[j]!.to) i++;
    else j++;
  }
  return out;
}
