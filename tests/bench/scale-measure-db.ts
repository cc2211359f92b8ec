import type { DatabaseHandle } from '../../src/server/db/database';

/** How many bytes the events take: their table(s), their indexes, and the whole database. */
export interface EventBytes {
  tableBytes: number;
  indexBytes: number;
  databaseBytes: number;
  /** Monthly partitions on PostgreSQL (with the default one); 0 on SQLite. */
  partitions: number;
}

/**
 * PostgreSQL: events is partitioned, so pg_total_relation_size('events') is 0; the sizes are
 * summed over its partitions (pg_table_size: heap, TOAST and free-space map; pg_indexes_size).
 * SQLite: the dbstat table's pages of `events` and of each of its indexes.
 */
export async function eventBytes(handle: DatabaseHandle): Promise<EventBytes> {
  if (handle.pool) {
    const { rows } = await handle.pool.query<{
      table_bytes: string;
      index_bytes: string;
      partitions: string;
      database_bytes: string;
    }>(
      `select coalesce(sum(pg_table_size(i.inhrelid)), 0) as table_bytes,
              coalesce(sum(pg_indexes_size(i.inhrelid)), 0) as index_bytes,
              count(*) as partitions,
              pg_database_size(current_database()) as database_bytes
         from pg_inherits i where i.inhparent = 'events'::regclass`,
    );
    const row = rows[0]!;
    return {
      tableBytes: Number(row.table_bytes),
      indexBytes: Number(row.index_bytes),
      databaseBytes: Number(row.database_bytes),
      partitions: Number(row.partitions),
    };
  }
  const sqlite = handle.sqlite!;
  const indexes = (
    sqlite.prepare(`pragma index_list(events)`).all() as Array<{ name: string }>
  ).map((i) => i.name);
  const size = (name: string) =>
    Number(
      (
        sqlite
          .prepare(`select coalesce(sum(pgsize), 0) as n from dbstat where name = ?`)
          .get(name) as {
          n: number;
        }
      ).n,
    );
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  const pageCount = Number(sqlite.pragma('page_count', { simple: true }));
  return {
    tableBytes: size('events'),
    indexBytes: indexes.reduce((sum, name) => sum + size(name), 0),
    databaseBytes: pageSize * pageCount,
    partitions: 0,
  };
}

/** What an EXPLAIN says about the partitions a query reads. */
export interface PartitionPlan {
  query: string;
  sql: string;
  /** Partitions the plan reads, of how many there are. */
  partitionsRead: string[];
  partitionsTotal: number;
  plan: string;
}

/**
 * EXPLAIN (ANALYZE) of the two questions the issue names, written as the routes ask them: the
 * subject timeline's first page (one person, the case window, newest first) and a hunt over a
 * time range. PostgreSQL only: the plan names each monthly partition it reads, so pruning shows.
 */
export async function partitionPlans(
  handle: DatabaseHandle,
  subject: string,
  windowStart: number,
  windowEnd: number,
): Promise<PartitionPlan[]> {
  const pool = handle.pool!;
  const total = Number(
    (
      await pool.query<{ n: string }>(
        `select count(*) as n from pg_inherits where inhparent = 'events'::regclass`,
      )
    ).rows[0]!.n,
  );
  const weekStart = windowEnd - 7 * 86_400_000;
  const questions = [
    {
      query: 'subject timeline, first page (whole case window)',
      sql: `select * from events where employee_id = '${subject}' and time >= ${windowStart} and time < ${windowEnd} order by time desc, id desc limit 201`,
    },
    {
      query: 'hunt category:file over the last 7 days',
      sql: `select * from events where category = 'file' and time >= ${weekStart} and time < ${windowEnd} order by time desc, id desc limit 101`,
    },
  ];
  const out: PartitionPlan[] = [];
  for (const q of questions) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary off) ${q.sql}`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const read = [...new Set([...plan.matchAll(/ on (events_\w+)/g)].map((m) => m[1]!))];
    out.push({ ...q, partitionsRead: read, partitionsTotal: total, plan });
  }
  return out;
}
