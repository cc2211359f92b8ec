import { describe, expect, it } from 'vitest';
import { generate } from '../../../src/server/demo/generator/index';
import type { StreamStats } from '../../../src/server/demo/generator/stream';

describe('a large dataset streams instead of sitting in memory', () => {
  it('generates 200 employees x 30 days holding about a day of records at a time', () => {
    const dataset = generate({ employees: 200, days: 30, seed: 5, endDate: '2026-11-20' });
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    let total = 0;
    for (const source of dataset.sources) {
      const stats: StreamStats = { maxBuffered: 0, yielded: 0 };
      for (const _ of source.entries(stats)) {
        if (++total % 20_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      // At most about two days of one source wait to be released in time order.
      if (stats.yielded > 5_000)
        expect(stats.maxBuffered, source.id).toBeLessThan(stats.yielded / 8);
    }
    expect(total).toBeGreaterThan(150_000);
    // Every record held at once would be several hundred MB (about 3 kB of objects each).
    expect((peak - baseline) / 1e6).toBeLessThan(200);
  }, 180_000);

  it('hands out the first record before generating the rest', () => {
    const dataset = generate({ employees: 200, days: 365, seed: 5, endDate: '2026-11-20' });
    const stats: StreamStats = { maxBuffered: 0, yielded: 0 };
    const first = dataset.source('okta').entries(stats).next();
    expect(first.done).toBe(false);
    // A year of Okta records is about 400,000; the first one comes after a single day's worth.
    expect(stats.maxBuffered).toBeLessThan(5_000);
  }, 60_000);
});
