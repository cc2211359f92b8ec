import { percentile } from '../percentile';

/** p50, p95 and max of a set of timings, rounded to 0.1 ms. */
export interface Spread {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Summarizes timings in milliseconds (nearest-rank percentiles). */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/** One line for the console: "p50 3.1 ms  p95 7.9 ms  max 12 ms  (n 40)". */
export function formatSpread(s: Spread): string {
  return `p50 ${s.p50} ms  p95 ${s.p95} ms  max ${s.max} ms  (n ${s.n})`;
}
