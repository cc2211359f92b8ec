import { invalid } from '../domain-error';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A time written in a query or a `from`/`to` parameter, as epoch ms: epoch milliseconds, a
 * date (UTC midnight) or an ISO 8601 time (UTC unless it names an offset). Null when unreadable.
 */
export function readTime(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,15}$/.test(trimmed)) return Number(trimmed);
  if (DATE_ONLY.test(trimmed)) {
    const ms = Date.parse(`${trimmed}T00:00:00Z`);
    return Number.isNaN(ms) ? null : ms;
  }
  if (!ISO_TIME.test(trimmed)) return null;
  const normalized = trimmed.replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(normalized) ? normalized : `${normalized}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * One end of a `time:[a TO b]` range. A date as the inclusive upper end means the whole day:
 * `time:[2026-11-01 TO 2026-11-15]` holds the 15th.
 */
export function timeBound(
  text: string,
  end: 'min' | 'max',
  inclusive: boolean,
): { value: number; inclusive: boolean } {
  const value = readTime(text);
  if (value === null) {
    throw invalid(
      'A time in a range is a date (2026-11-01), an ISO time (2026-11-01T09:30Z) or epoch milliseconds.',
      'q',
    );
  }
  if (end === 'max' && inclusive && DATE_ONLY.test(text.trim())) {
    return { value: value + DAY_MS, inclusive: false };
  }
  return { value, inclusive };
}
