import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ClientGoneError, withAdmissionTicket } from '../../../src/server/db/admission';
import type { AdmissionTicket } from '../../../src/server/db/admission';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

/*
 * Who gets the database under overload (issue 30): a request that has started keeps priority
 * for its later queries over requests not yet admitted, and a request whose client left while
 * it waited is not started when its turn comes. On both engines; every connection is held
 * through Kysely, so the holders stand in the same queue as requests.
 */
describe('admission to the database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ dbWaitLimitMs: 4_000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the later queries of a request under way before requests not yet admitted', async () => {
    const order: string[] = [];
    const underWay = ticket();
    await inRequest(underWay, () => sql`select 1`.execute(t.db));
    expect(underWay.started).toBe(true);
    const hold = await holdEveryConnection(t);
    const newcomer = inRequest(ticket(), async () => {
      await sql`select 2`.execute(t.db);
      order.push('newcomer');
    });
    await settle();
    const later = inRequest(underWay, async () => {
      await sql`select 3`.execute(t.db);
      order.push('request under way');
    });
    await settle();
    // One connection comes free: it goes to the request under way, the newcomer still waits.
    hold.releaseOne();
    await later;
    expect(order).toEqual(['request under way']);
    await hold.release();
    await newcomer;
    expect(order).toEqual(['request under way', 'newcomer']);
  });

  it('does not start a request whose client left while it waited', async () => {
    let gone = false;
    const leaving = { ...ticket(), clientGone: () => gone };
    const ran: string[] = [];
    const hold = await holdEveryConnection(t);
    const work = inRequest(leaving, async () => {
      await sql`select 1`.execute(t.db);
      ran.push('query');
    });
    await settle();
    // The request is in the line for the database; its client hangs up.
    gone = true;
    await hold.release();
    await expect(work).rejects.toBeInstanceOf(ClientGoneError);
    expect(ran).toEqual([]);
    expect(leaving.started).toBe(false);
    // The database is free for the next one.
    const stays = ticket();
    await inRequest(stays, () => sql`select 1`.execute(t.db));
    expect(stays.started).toBe(true);
  });
});

function ticket(): AdmissionTicket {
  return {
    receivedAt: performance.now(),
    limitMs: 4_000,
    started: false,
    clientGone: () => false,
  };
}

/** Runs `work` as a request holding `t` would. */
function inRequest<T>(t: AdmissionTicket, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    withAdmissionTicket(t, () => void work().then(resolve, reject)),
  );
}

/** Lets queued promises and a few turns of the loop run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Holds every connection through Kysely, outside any request. `releaseOne` frees one connection
 * (so exactly one waiter is served next, whatever the pool size); `release` frees them all.
 */
async function holdEveryConnection(
  t: TestApp,
): Promise<{ releaseOne: () => void; release: () => Promise<void> }> {
  const size = t.database.pool ? (t.database.pool.options as { max: number }).max : 1;
  const frees: Array<() => void> = [];
  let held = 0;
  let allHeld!: () => void;
  const holding = new Promise<void>((resolve) => (allHeld = resolve));
  const holders = Array.from({ length: size }, () =>
    t.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      const released = new Promise<void>((resolve) => frees.push(resolve));
      held += 1;
      if (held === size) allHeld();
      await released;
    }),
  );
  await holding;
  return {
    releaseOne: () => frees.shift()?.(),
    release: async () => {
      frees.splice(0).forEach((free) => free());
      await Promise.all(holders);
    },
  };
}
