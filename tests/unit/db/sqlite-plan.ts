import { Kysely } from 'kysely';
import type { CompiledQuery } from 'kysely';
import type SQLite from 'better-sqlite3';

import { FifoSqliteDialect } from '../../../src/server/db/fair-sqlite-dialect';
import type { Database } from '../../../src/server/db/schema';

/**
 * SQLite's plan (EXPLAIN QUERY PLAN's details) of the first statement `run` sends (or the first
 * that `pick` chooses), as the code under test writes it: `run` gets a database that records
 * its statements.
 */
export async function firstStatementPlan(
  sqlite: SQLite.Database,
  run: (db: Kysely<Database>) => Promise<unknown>,
  pick: (sql: string) => boolean = () => true,
): Promise<string[]> {
  const seen: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new FifoSqliteDialect({ database: sqlite }),
    log: (e) => {
      seen.push(e.query);
    },
  });
  await run(logged);
  const query = seen.find((q) => pick(q.sql));
  if (!query) throw new Error('the code under test sent no such statement');
  return (
    sqlite
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as Array<{ detail: string }>
  ).map((row) => row.detail);
}
