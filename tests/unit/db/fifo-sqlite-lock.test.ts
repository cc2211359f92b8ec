import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { FairQueue } from '../../../src/server/db/fair-queue';

/** Spins the CPU, as a request's parsing, validation and serialization do between queries. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the SQLite connection queue', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('serves waiters in the order they came', async () => {
    const lock = new FairQueue(1, 4);
    const order: number[] = [];
    await lock.lock();
    const waiting = Array.from({ length: 5 }, (_, i) =>
      lock.lock().then(() => {
        order.push(i);
        lock.unlock();
      }),
    );
    expect(lock.waiting).toBe(5);
    lock.unlock();
    await Promise.all(waiting);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('serves work under way before requests waiting for their first connection', async () => {
    const lock = new FairQueue(1, 4);
    const order: string[] = [];
    await lock.lock();
    const take = (name: string, newcomer: boolean) =>
      lock.lock(newcomer).then(() => {
        order.push(name);
        lock.unlock();
      });
    const waiting = [
      take('new 1', true),
      take('started 1', false),
      take('new 2', true),
      take('started 2', false),
    ];
    expect(lock.waiting).toBe(4);
    lock.unlock();
    await Promise.all(waiting);
    expect(order).toEqual(['started 1', 'started 2', 'new 1', 'new 2']);
  });

  it('lets the event loop turn while hundreds of requests queue for the connection', async () => {
    handle = openDatabase(':memory:');
    const db = handle.db;
    let done = 0;
    const request = async () => {
      for (let i = 0; i < 3; i++) {
        await sql`select ${i} as x`.execute(db);
        busy(0.2);
      }
      done++;
    };
    // A new connection (or any I/O) is only seen when the loop turns: measure when it does.
    let doneWhenLoopTurned = -1;
    setImmediate(() => {
      doneWhenLoopTurned = done;
    });
    await Promise.all(Array.from({ length: 300 }, request));
    expect(done).toBe(300);
    // With a lock that hands over inside one turn, all 300 requests (about 180 ms of work)
    // finished before the loop turned once; now it turns within a few milliseconds.
    expect(doneWhenLoopTurned).toBeGreaterThanOrEqual(0);
    expect(doneWhenLoopTurned).toBeLessThan(100);
  });
});
