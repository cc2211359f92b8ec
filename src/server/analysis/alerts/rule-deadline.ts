import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import {
  clearMatchDeadline,
  MatchDeadlineExceeded,
  setMatchDeadline,
} from '../../db/sql-functions';
import type { FilterContext } from '../rules/compile-filter';

/** How long one rule may take over one person's events in a detection pass. */
export const RULE_DEADLINE_MS = 20_000;

/** Statements of rules that ran past their deadline, and were stopped or finished too late. */
export class DeadlinePassed extends Error {
  constructor() {
    super('A rule ran past its deadline.');
  }
}

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014';

/** Whether PostgreSQL cancelled a statement for its timeout. */
export function isPostgresTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === QUERY_CANCELED;
}

/**
 * Runs `work` in a savepoint of the caller's transaction: a cancelled statement then undoes
 * only its own part, and the transaction goes on (a trial carries on to its answer).
 */
async function inSavepoint<T>(
  trx: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  await sql`savepoint vigil_rule_deadline`.execute(trx);
  try {
    const result = await work(trx);
    // The rest of the caller's transaction runs without this rule's timeout.
    await sql`reset statement_timeout`.execute(trx);
    await sql`release savepoint vigil_rule_deadline`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint vigil_rule_deadline`.execute(trx);
    throw error;
  }
}

/**
 * Runs a rule's statements (`work`) with a deadline (epoch ms), throwing {@link DeadlinePassed}
 * past it. SQLite runs a statement in this thread where nothing can interrupt it, so
 * vigil_matches stops it (the context it hands `work` names the deadline); a rule whose
 * statements hold no regular expression cannot be stopped there, only found too slow once it
 * ends. PostgreSQL cancels the statement itself (a statement timeout, in the caller's
 * transaction or in one of its own).
 */
export async function withDeadline<T>(
  db: Kysely<Database>,
  context: FilterContext,
  deadline: number,
  work: (db: Kysely<Database>, context: FilterContext) => Promise<T>,
): Promise<T> {
  const left = Math.max(1, Math.ceil(deadline - Date.now()));
  let result: T;
  if (context.dialect === 'postgres') {
    const run = async (trx: Kysely<Database>) => {
      await sql`set local statement_timeout = ${sql.lit(left)}`.execute(trx);
      return work(trx, context);
    };
    try {
      result = db.isTransaction ? await inSavepoint(db, run) : await db.transaction().execute(run);
    } catch (error) {
      if (isPostgresTimeout(error)) throw new DeadlinePassed();
      throw error;
    }
  } else {
    const key = randomUUID();
    setMatchDeadline(key, deadline);
    try {
      result = await work(db, { ...context, matchDeadline: key });
    } catch (error) {
      if (error instanceof MatchDeadlineExceeded) throw new DeadlinePassed();
      throw error;
    } finally {
      clearMatchDeadline(key);
    }
  }
  if (Date.now() > deadline) throw new DeadlinePassed();
  return result;
}
