/** The nearest-rank percentile `p` (0-100) of ascending `sorted`; 0 when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
