import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * PostgreSQL: the large JSON columns of events (`raw`, `attributes`) compressed with lz4
 * instead of pglz where the server has lz4 (PostgreSQL 14 and later, built with it, as Debian's
 * and the official images are). pglz_compress was 14% of the server's CPU in the demo load
 * (perf, 29 Nov); inserting 20,000 Okta rows into a copy of events took 1.19-1.24 s with lz4
 * against 1.59-1.67 s with pglz, for 3% more bytes. Rows already stored keep their pglz values
 * (both read alike); only values written from now on use lz4. No rewrite: it sets each table's
 * column option only. A partitioned table's setting reaches partitions made after it, not those
 * that exist, so each of them is set too. SQLite and a server without lz4: nothing. Frozen.
 */
export function eventsLz4Migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{ lz4: boolean }>`
        select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4 from pg_settings
        where name = 'default_toast_compression'`.execute(db);
      if (rows[0]?.lz4 !== true) return;
      await setCompression(db, 'lz4');
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await setCompression(db, 'default');
    },
  };
}

async function setCompression(db: Kysely<unknown>, method: 'lz4' | 'default'): Promise<void> {
  const partitions = await sql<{ schema: string; name: string }>`
    select n.nspname as schema, c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
    where i.inhparent = 'events'::regclass order by c.relname`.execute(db);
  const tables = [sql.id('events'), ...partitions.rows.map((p) => sql.id(p.schema, p.name))];
  for (const table of tables) {
    await sql`alter table ${table}
      alter column raw set compression ${sql.raw(method)},
      alter column attributes set compression ${sql.raw(method)}`.execute(db);
  }
}
