import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/*
 * PostgreSQL's planner statistics of this schema's tables
 * (startup/planner-statistics/refresh-statistics.ts).
 */

/** Whether the server's autovacuum daemon runs (it gathers each table's statistics). */
export async function autovacuumRuns(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{
    on: boolean;
  }>`select current_setting('autovacuum') = 'on' as on`.execute(db);
  return rows[0]!.on;
}

/**
 * This schema's tables (partitions included, partitioned parents not) changed past
 * autovacuum's own analyze threshold since their last ANALYZE: 50 rows plus a tenth of the table.
 */
export async function tablesPastAnalyzeThreshold(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select s.relname as name from pg_stat_user_tables as s
    join pg_class as c on c.oid = s.relid
    where s.schemaname = current_schema() and c.relkind = 'r'
      and s.n_mod_since_analyze > 50 + 0.1 * greatest(s.n_live_tup, c.reltuples, 0)
    order by s.relname`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * The partitioned events table: the rows its last ANALYZE counted (null: never analyzed) and
 * the live rows of its partitions now.
 */
export async function eventsHierarchyRows(
  db: Kysely<Database>,
): Promise<{ analyzed: number | null; live: number }> {
  const { rows } = await sql<{ analyzed: number; live: number | string }>`
    select c.reltuples as analyzed,
      (select coalesce(sum(s.n_live_tup), 0) from pg_inherits as i
        join pg_stat_user_tables as s on s.relid = i.inhrelid
        where i.inhparent = c.oid) as live
    from pg_class as c where c.oid = to_regclass('events')`.execute(db);
  const row = rows[0];
  if (!row) return { analyzed: null, live: 0 };
  return {
    analyzed: Number(row.analyzed) < 0 ? null : Number(row.analyzed),
    live: Number(row.live),
  };
}

/** Gathers one table's statistics (a partitioned table's and all its partitions'). */
export async function analyzeTable(db: Kysely<Database>, name: string): Promise<void> {
  await sql`analyze ${sql.table(name)}`.execute(db);
}
