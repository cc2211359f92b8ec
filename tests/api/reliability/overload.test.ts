import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

const LIMIT_MS = 300;

/*
 * Overload is answered, not queued for ever (issue 30): while something else holds every
 * database connection, a request that has waited past VIGIL_DB_WAIT_LIMIT_MS gets 503 with
 * Retry-After and a sentence, and nothing of it ran. Work outside requests waits as long as it
 * must. On SQLite the one connection is held by a transaction; on PostgreSQL every pooled
 * connection is checked out.
 */
describe('a request that waited too long for the database', () => {
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestApp({ dbWaitLimitMs: LIMIT_MS });
    admin = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gets 503 with Retry-After and a sentence, and writes nothing', async () => {
    const before = await t.db
      .selectFrom('watchlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const release = await holdTheDatabase(t);
    const started = performance.now();
    let reads;
    let write;
    try {
      [reads, write] = await Promise.all([
        admin.get('/investigations'),
        admin.post('/watchlists', { name: 'Queued too long', employeeIds: [] }),
      ]);
    } finally {
      await release();
    }
    const waited = performance.now() - started;
    for (const reply of [reads, write]) {
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toBe('5');
      expect(reply.body.message).toBe(
        'Vigil is busy: this request waited more than 300 ms for the database and was not started. Try again in a few seconds.',
      );
    }
    // Refused at the limit, not after the holder let go.
    expect(waited).toBeGreaterThanOrEqual(LIMIT_MS - 20);
    const after = await t.db
      .selectFrom('watchlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Once the database is free again, the same request is answered.
    expect((await admin.get('/investigations')).status).toBe(200);
  });

  it('a wait shorter than the limit is served', async () => {
    const release = await holdTheDatabase(t);
    const reply = admin.get('/investigations');
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS / 3));
    await release();
    expect((await reply).status).toBe(200);
  });

  it('work outside a request waits as long as it must', async () => {
    const release = await holdTheDatabase(t);
    const query = sql<{ one: number }>`select 1 as one`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 2));
    await release();
    expect((await query).rows[0]!.one).toBe(1);
  });
});

/** Holds every connection until the returned function is called. */
async function holdTheDatabase(t: TestApp): Promise<() => Promise<void>> {
  if (t.database.pool) {
    const size = (t.database.pool.options as { max: number }).max;
    const clients = await Promise.all(
      Array.from({ length: size }, () => t.database.pool!.connect()),
    );
    return async () => clients.forEach((client) => client.release());
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = t.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await transaction;
  };
}

/*
 * Under overload (requests have queued for the database without a break for a second) a
 * request may wait only VIGIL_DB_OVERLOAD_WAIT_MS: with 200 clients a full-limit queue would
 * make every answer late, so the line is kept short and the rest are refused at once.
 */
describe('a request arriving while the line for the database stands', () => {
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestApp({ dbWaitLimitMs: 4_000, dbOverloadWaitMs: 200 });
    admin = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('waits only the overload limit, while the one who came first is served', async () => {
    const release = await holdTheDatabase(t);
    let first;
    let late;
    let lateWaited: number | undefined;
    try {
      first = admin.get('/investigations');
      // The first request's wait keeps the line standing past a second.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const arrived = performance.now();
      late = await admin.get('/watchlists');
      lateWaited = performance.now() - arrived;
    } finally {
      await release();
    }
    expect(late.status).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(late.body.message).toBe(
      'Vigil is busy: this request waited more than 200 ms for the database and was not started. Try again in a few seconds.',
    );
    expect(lateWaited).toBeLessThan(1_500);
    // Arrived before the line stood: it kept its full limit and is answered.
    expect((await first).status).toBe(200);
  });
});
