import type { CollectionRow, PollEnd } from '../../db/queries/integration-collections';
import { backoffDelayMs } from './backoff';
import type { PollOutcome } from './collector';

/** Failed attempts in a row after which a collector backing off is shown as failing. */
const FAILING_AFTER_ATTEMPTS = 3;

/**
 * What a poll's outcome writes on its collection: the state, the error sentence, and when the
 * next poll may come (never sooner than the interval after a finished read, never before the
 * vendor's wait, later and later after failures, not at all after the vendor refused the
 * credentials).
 */
export function pollEnd(
  row: Pick<CollectionRow, 'interval_seconds' | 'attempts' | 'failing_since'>,
  outcome: PollOutcome,
  now: number,
  random: () => number = Math.random,
): PollEnd {
  const intervalMs = row.interval_seconds * 1000;
  const waitUntil = 'notBefore' in outcome && outcome.notBefore ? outcome.notBefore : null;
  const later = (at: number) => Math.max(at, waitUntil ?? 0);
  switch (outcome.kind) {
    case 'caught-up':
    case 'more':
      return {
        state: 'idle',
        last_success_at: now,
        last_error: null,
        failing_since: null,
        attempts: 0,
        // An unfinished read goes on at once (when the vendor allows); a finished one waits.
        next_poll_at: later(outcome.kind === 'more' ? now : now + intervalMs),
        wait_until: waitUntil,
      };
    case 'throttled':
      return {
        state: 'backing_off',
        last_error: outcome.message,
        next_poll_at: later(now + intervalMs),
        wait_until: waitUntil,
      };
    case 'retry': {
      const attempts = row.attempts + 1;
      return {
        state: attempts >= FAILING_AFTER_ATTEMPTS ? 'failing' : 'backing_off',
        last_error: outcome.message,
        failing_since: row.failing_since ?? now,
        attempts,
        next_poll_at: later(now + backoffDelayMs(intervalMs, attempts, random)),
        wait_until: waitUntil,
      };
    }
    case 'broken': {
      const attempts = row.attempts + 1;
      return {
        state: 'failing',
        last_error: outcome.message,
        failing_since: row.failing_since ?? now,
        attempts,
        next_poll_at: now + backoffDelayMs(intervalMs, attempts, random),
        wait_until: null,
      };
    }
    case 'denied':
      // Stopped: the same credentials would be refused again. New ones, Poll now or Resume restart it.
      return {
        state: 'failing',
        last_error: outcome.message,
        failing_since: row.failing_since ?? now,
        attempts: row.attempts + 1,
        next_poll_at: null,
        wait_until: null,
      };
  }
}
