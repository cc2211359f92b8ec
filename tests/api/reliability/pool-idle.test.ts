import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

/*
 * A new PostgreSQL connection's first statements over the events build its catalog caches for
 * every monthly partition and its indexes (0.8 s of backend CPU at 153 partitions), so the pool
 * keeps an idle connection for minutes: with pg's default of 10 s, detection over everyone,
 * whose batches use a varying number of connections, paid that again batch after batch. SQLite
 * has one connection, opened once.
 */
describe.runIf(testDialect() === 'postgres')('the PostgreSQL pool', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a connection that was idle for a minute', async () => {
    const pool = t.database.pool!;
    const backend = async () =>
      (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await backend();
      vi.advanceTimersByTime(60_000);
      expect(await backend()).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
