import { formatDateTimeWithZone } from '../format';

/** Normalized event fields that hold a moment in epoch milliseconds. */
const TIME_FIELD = /(^time$|_time$|_at$)/;

/** Epoch milliseconds between 2001 and 2286: a moment, not a count that happens to be large. */
const isEpochMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 1e12 && value < 1e13;

/**
 * One normalized field of an event as a person reads it: moments (`time`, `…_at`) formatted as
 * everywhere in Vigil, with seconds and zone, rather than as epoch milliseconds.
 */
export function formatEventField(name: string, value: string | number | boolean): string {
  if (TIME_FIELD.test(name) && isEpochMs(value)) return formatDateTimeWithZone(value);
  return String(value);
}
