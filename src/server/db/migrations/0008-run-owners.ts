import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * Who runs an ingest or an analysis, so that a run left `running` by a process that died (a
 * kill -9, a crash, a lost machine) is told apart from one another live process is still
 * running. `owner` is `host/pid/instance` of the process; `heartbeat_at` is when it last said
 * it was alive (PostgreSQL only: on SQLite every process shares one machine and its pid says
 * it). `ingest_runs.message` keeps why a run failed. A partial index finds the runs still
 * running without reading the history. Frozen.
 */
export function runOwnersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ingest_runs').addColumn('owner', 'text').execute();
      await db.schema.alterTable('ingest_runs').addColumn('heartbeat_at', 'bigint').execute();
      await db.schema.alterTable('ingest_runs').addColumn('message', 'text').execute();
      await db.schema.alterTable('investigations').addColumn('analysis_owner', 'text').execute();
      await db.schema
        .alterTable('investigations')
        .addColumn('analysis_heartbeat_at', 'bigint')
        .execute();
      await sql`create index ingest_runs_running on ingest_runs (started_at)
        where status = 'running'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index ingest_runs_running`.execute(db);
      await db.schema.alterTable('investigations').dropColumn('analysis_heartbeat_at').execute();
      await db.schema.alterTable('investigations').dropColumn('analysis_owner').execute();
      await db.schema.alterTable('ingest_runs').dropColumn('message').execute();
      await db.schema.alterTable('ingest_runs').dropColumn('heartbeat_at').execute();
      await db.schema.alterTable('ingest_runs').dropColumn('owner').execute();
    },
  };
}
