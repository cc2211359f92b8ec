/** The longest a collector waits between attempts after failures. */
export const MAX_BACKOFF_MS = 30 * 60_000;

/**
 * When to try again after `attempts` failures in a row: the interval doubled per failure, up to
 * 30 minutes (or the interval when it is longer), with up to 25% jitter added so collectors
 * that failed together do not come back together. Never sooner than the interval: a collector
 * does not poll faster than configured, failing or not.
 */
export function backoffDelayMs(
  intervalMs: number,
  attempts: number,
  random: () => number = Math.random,
): number {
  const cap = Math.max(intervalMs, MAX_BACKOFF_MS);
  const base = Math.min(cap, intervalMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.25 * random()));
}
