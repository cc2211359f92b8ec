import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { HUNT_TOO_LONG, withHuntDeadline } from '../../../src/server/hunt/hunt-deadline';
import { openTestDatabase } from '../support/test-database';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the hunt deadline', () => {
  it('holds for all the statements of a hunt together, not for each', async () => {
    const started = Date.now();
    const run = withHuntDeadline(
      handle.db,
      handle.dialect,
      async (db, deadline, nextStatement) => {
        // Two statements of 0.3 s each under a 0.5 s deadline: the second is stopped.
        for (let i = 0; i < 2; i++) {
          if (i > 0) await nextStatement();
          if (handle.dialect === 'postgres') {
            await sql`select pg_sleep(0.3) where ${deadline}`.execute(db);
          } else {
            const until = Date.now() + 300;
            await sql`with recursive c(x) as (select 1 union all select x + 1 from c
              where x < 100000000 and ${deadline} and ${sql.lit(0)} = 0)
              select count(*) from c where x = 1`.execute(db);
            while (Date.now() < until) await new Promise((r) => setTimeout(r, 20));
          }
        }
        return 'finished';
      },
      500,
    );
    await expect(run).rejects.toThrow(HUNT_TOO_LONG);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The connection is free again: the next statement runs at once.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(Number(rows[0]!.one)).toBe(1);
  });
});
