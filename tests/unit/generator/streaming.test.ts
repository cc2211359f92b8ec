import v8 from 'node:v8';
import vm from 'node:vm';

import { describe, expect, it } from 'vitest';

import { generate } from '../../../src/server/demo/generator/index';
import type { StreamStats } from '../../../src/server/demo/generator/stream';

/**
 * The heap the generator keeps alive: measured after a full collection, since heapUsed alone
 * counts garbage not yet collected, which depends on what else ran in this worker (the unit
 * tests share one process) and failed this test under load with nothing retained.
 */
function liveHeap(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('a large dataset streams instead of sitting in memory', () => {
  it('generates 200 employees x 30 days holding about a day of records at a time', () => {
    const dataset = generate({ employees: 200, days: 30, seed: 5, endDate: '2026-11-20' });
    const baseline = liveHeap();
    let peak = baseline;
    let total = 0;
    for (const source of dataset.sources) {
      const stats: StreamStats = { maxBuffered: 0, yielded: 0 };
      for (const _ of source.entries(stats)) {
        if (++total % 20_000 === 0) peak = Math.max(peak, liveHeap());
      }
      // At most about two days of one source wait to be released in time order.
      if (stats.yielded > 5_000)
        expect(stats.maxBuffered, source.id).toBeLessThan(stats.yielded / 8);
    }
    expect(total).toBeGreaterThan(150_000);
    // Every record held at once is several hundred MB (about 3 kB of objects each); streaming
    // keeps well under 20 MB alive.
    expect((peak - baseline) / 1e6).toBeLessThan(100);
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
