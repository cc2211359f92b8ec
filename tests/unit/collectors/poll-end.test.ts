import { describe, expect, it } from 'vitest';

import { backoffDelayMs } from '../../../src/server/ingest/collectors/backoff';
import { pollEnd } from '../../../src/server/ingest/collectors/poll-end';

const row = { interval_seconds: 60, attempts: 0, failing_since: null };
const NOW = 1_700_000_000_000;

describe('when the next poll comes', () => {
  it('a finished read waits the interval; an unfinished one goes on at once', () => {
    expect(pollEnd(row, { kind: 'caught-up', pages: 1, records: 0 }, NOW)).toMatchObject({
      state: 'idle',
      next_poll_at: NOW + 60_000,
      wait_until: null,
    });
    expect(pollEnd(row, { kind: 'more', pages: 500, records: 9 }, NOW).next_poll_at).toBe(NOW);
  });

  it('never before the wait the vendor asked for', () => {
    const later = NOW + 600_000;
    expect(
      pollEnd(row, { kind: 'caught-up', pages: 1, records: 0, notBefore: later }, NOW),
    ).toMatchObject({
      next_poll_at: later,
      wait_until: later,
    });
    expect(pollEnd(row, { kind: 'throttled', message: 'm', notBefore: later }, NOW)).toMatchObject({
      state: 'backing_off',
      next_poll_at: later,
      wait_until: later,
    });
  });

  it('backs off exponentially with jitter, never faster than the interval, and shows failing after three', () => {
    const delays = [1, 2, 3, 4].map((attempts) => backoffDelayMs(60_000, attempts, () => 0));
    expect(delays).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffDelayMs(60_000, 30, () => 0)).toBe(30 * 60_000);
    expect(backoffDelayMs(60_000, 1, () => 1)).toBe(75_000);
    expect(backoffDelayMs(7_200_000, 5, () => 0)).toBe(7_200_000);
    const third = pollEnd({ ...row, attempts: 2 }, { kind: 'retry', message: '503' }, NOW, () => 0);
    expect(third).toMatchObject({ state: 'failing', attempts: 3, next_poll_at: NOW + 240_000 });
    expect(pollEnd(row, { kind: 'retry', message: '503' }, NOW).state).toBe('backing_off');
  });

  it('stops after the vendor refuses the credentials', () => {
    expect(pollEnd(row, { kind: 'denied', message: 'Okta answered 401' }, NOW)).toMatchObject({
      state: 'failing',
      next_poll_at: null,
      failing_since: NOW,
    });
  });
});
