import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

import type { Dialect } from '../db/dialect';
import type { Database } from '../db/schema';
import { clearMatchDeadline, MatchDeadlineExceeded, setMatchDeadline } from '../db/sql-functions';
import { invalid } from '../domain-error';
import { isPostgresTimeout } from '../analysis/alerts/rule-deadline';

/** How long one hunting request may keep the database busy. */
export const HUNT_DEADLINE_MS = 10_000;

/**
 * PostgreSQL's work_mem for a hunt's statements: an exact bitmap of every heap page of a
 * month's partition at ten million events (about 140,000 pages, 64 bytes each) fits twice.
 */
const HUNT_WORK_MEM = '24MB';

/** The sentence of a hunt stopped at its deadline. */
export const HUNT_TOO_LONG =
  'This hunt ran past 10 seconds and was stopped: choose a shorter time range or add a field:value that narrows it.';

/**
 * Runs a hunt's statements with a 10 s deadline for all of them together. PostgreSQL: one read
 * transaction with `SET LOCAL statement_timeout`, set again before each statement to what is
 * left (the server cancels the statement and the connection goes back to the pool). SQLite: better-sqlite3 offers no progress handler, so every statement's
 * condition carries `vigil_deadline`, which throws once the deadline passes, on one of the
 * next rows it reads (the one connection is held until then, never longer). `work` puts `deadline` in
 * the WHERE of each of its statements.
 */
export async function withHuntDeadline<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (
    db: Kysely<Database>,
    deadline: RawBuilder<SqlBool>,
    /** Call between statements: PostgreSQL's timeout is per statement, so the next one gets what is left. */
    nextStatement: () => Promise<void>,
  ) => Promise<T>,
  ms = HUNT_DEADLINE_MS,
): Promise<T> {
  if (dialect === 'postgres') {
    const end = Date.now() + ms;
    try {
      return await db.transaction().execute(async (trx) => {
        const limit = async () => {
          const left = Math.ceil(end - Date.now());
          if (left <= 0) throw invalid(HUNT_TOO_LONG, 'q');
          await sql`set local statement_timeout = ${sql.lit(left)}`.execute(trx);
        };
        await limit();
        // A count through the trigram index gathers its events in a bitmap of heap pages held
        // in work_mem; past it the bitmap turns lossy and the scan tests every event of those
        // pages again (all of them for a word in 3% of ten million events, at the default 4 MB).
        await sql`set local work_mem = ${sql.lit(HUNT_WORK_MEM)}`.execute(trx);
        return work(trx, sql<SqlBool>`1 = 1`, limit);
      });
    } catch (error) {
      if (isPostgresTimeout(error)) throw invalid(HUNT_TOO_LONG, 'q');
      throw error;
    }
  }
  const key = randomUUID();
  setMatchDeadline(key, Date.now() + ms);
  try {
    // The deadline is one instant for every statement: nothing to do between them. SQLite's
    // own random() lets about one row in 64 through to the JavaScript function: calling it on
    // every row was a third to half of the CPU of a facet or histogram over a month's events,
    // and one in 64 still reaches it thousands of times a second (random, so no pattern of
    // ids or values can pass the rows a statement reads by it).
    return await work(db, sql<SqlBool>`((random() & 63) <> 0 or vigil_deadline(${key}) = 1)`, () =>
      Promise.resolve(),
    );
  } catch (error) {
    if (error instanceof MatchDeadlineExceeded) throw invalid(HUNT_TOO_LONG, 'q');
    throw error;
  } finally {
    clearMatchDeadline(key);
  }
}
