import { describe, expect, it } from 'vitest';

import {
  FAILING_NOTICE_MS,
  failingSentence,
  failingTooLong,
} from '../../../../src/shared/collection-alarm';

const now = Date.parse('2026-11-28T12:00:00Z');
const failing = (minutes: number, state: 'failing' | 'backing_off' | 'paused' = 'failing') => ({
  state,
  lastError: 'Okta answered 401: the API token is not valid or has expired',
  failingSince: now - minutes * 60_000,
});

describe('a collector failing too long to keep quiet about', () => {
  it('is called out past 15 minutes of failing, backing off included, and not before', () => {
    expect(FAILING_NOTICE_MS).toBe(15 * 60_000);
    expect(failingTooLong(failing(14), now)).toBeNull();
    expect(failingTooLong(failing(16), now)).toBe(now - 16 * 60_000);
    expect(failingTooLong(failing(40, 'backing_off'), now)).toBe(now - 40 * 60_000);
  });

  it('is left alone when paused, healthy or never set to collect', () => {
    expect(failingTooLong(failing(60, 'paused'), now)).toBeNull();
    expect(failingTooLong({ state: 'idle', lastError: null, failingSince: null }, now)).toBeNull();
    expect(failingTooLong(null, now)).toBeNull();
  });

  it('says for how long and why, in one sentence', () => {
    expect(failingSentence(failing(20), now - 20 * 60_000, now)).toBe(
      'Collection has failed for 20 min: Okta answered 401: the API token is not valid or has expired.',
    );
    expect(failingSentence({ ...failing(0), lastError: null }, now - 3 * 3_600_000, now)).toBe(
      'Collection has failed for 3 h.',
    );
  });
});
