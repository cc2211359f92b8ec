import pg from 'pg';

/** The PostgreSQL settings that move the benches' figures, as the server has them now. */
const SETTINGS = [
  'server_version',
  'shared_buffers',
  'work_mem',
  'maintenance_work_mem',
  'effective_cache_size',
  'autovacuum',
  'fsync',
  'synchronous_commit',
  'max_wal_size',
  'jit',
];

/**
 * The PostgreSQL server's settings, for every bench result: the server is rebuilt with each
 * machine, and two runs on servers set apart are not the same measurement (pgdetect, 29 Nov:
 * 28 Nov's commit took twice 28 Nov's detection time on the next day's server). Null when no
 * server answers.
 */
export async function postgresSettings(): Promise<Record<string, string> | null> {
  const client = new pg.Client({
    connectionString: process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 2_000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string; value: string }>(
      `select name, case when unit is null then setting else setting || ' ' || unit end as value
       from pg_settings where name = any($1) order by name`,
      [SETTINGS],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
