import { describe, expect, it } from 'vitest';

import {
  monthBounds,
  monthKey,
  partitionName,
} from '../../../src/server/ingest/store/postgres-partitions';

describe('monthly partitions of events (PostgreSQL)', () => {
  it('names a month and bounds it in UTC, end exclusive', () => {
    const time = Date.UTC(2026, 11, 31, 23, 59, 59, 999);
    expect(monthKey(time)).toBe('2026-12');
    expect(partitionName('2026-12')).toBe('events_y2026m12');
    expect(monthBounds('2026-12')).toEqual({
      from: Date.UTC(2026, 11, 1),
      to: Date.UTC(2027, 0, 1),
    });
    expect(monthBounds('2026-12').to).toBeGreaterThan(time);
    expect(monthKey(monthBounds('2027-01').from)).toBe('2027-01');
  });
});
