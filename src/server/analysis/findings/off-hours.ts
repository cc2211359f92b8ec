import type { WorkingHours as Hours } from '../../../shared/time/local-time';

/** Share of weekday activity the learned hours must hold. */
const LEARNED_SHARE = 0.8;
/** Below this many weekday events nothing is learned. */
const LEARN_MIN_EVENTS = 50;

/** The shortest run of hours holding most weekday activity, or null with too little data. */
export function learnHours(heatmap: readonly (readonly number[])[]): Hours | null {
  const perHour = Array.from({ length: 24 }, (_, h) =>
    heatmap.slice(0, 5).reduce((sum, day) => sum + (day[h] ?? 0), 0),
  );
  const total = perHour.reduce((a, b) => a + b, 0);
  if (total < LEARN_MIN_EVENTS) return null;
  for (let length = 1; length <= 24; length++) {
    let best: Hours | null = null;
    let bestSum = -1;
    for (let start = 0; start + length <= 24; start++) {
      const sum = perHour.slice(start, start + length).reduce((a, b) => a + b, 0);
      if (sum > bestSum) {
        bestSum = sum;
        best = { startHour: start, endHour: start + length };
      }
    }
    if (bestSum >= total * LEARNED_SHARE) return best;
  }
  return { startHour: 0, endHour: 24 };
}
