import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * PostgreSQL: the newest event id kept in a small table, `event_id_marks`, written by a
 * statement trigger on events. Every finding request asks for it (are this person's rollups up
 * to date?). 0046's function kept max(id)'s plan per connection, but each new connection still
 * planned it over every monthly partition and each partition's indexes first: 1.6-3.0 s at 155
 * partitions on a loaded machine (the app-access p95 at 10M), about 3,400 locks, so ten new
 * connections asking at once could overflow the lock table; and plan invalidations made warm
 * connections plan it again. Reading the table plans nothing of events.
 *
 * Each insert statement into events adds one row holding its newest id, and removes the
 * committed rows below it that no other transaction holds (`skip locked`: concurrent ingests
 * never wait on each other), so the table keeps about one row per writer. A transaction that
 * rolls back takes its row and its removals with it. max(max_id) is then max(id) of the
 * events committed (or greater, after events are deleted: harmless, the rollups only compare).
 * SQLite reads max(rowid) in microseconds and needs nothing. Frozen.
 */
export function eventIdMarksMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table event_id_marks (max_id bigint not null)`.execute(db);
      await sql`create index event_id_marks_max on event_id_marks (max_id)`.execute(db);
      await sql`insert into event_id_marks (max_id)
        select max(id) from events having max(id) is not null`.execute(db);
      await sql`
        create function vigil_mark_event_ids() returns trigger language plpgsql as $$
        declare newest bigint;
        begin
          select max(id) into newest from added_events;
          if newest is null then return null; end if;
          delete from event_id_marks where ctid = any(array(
            select ctid from event_id_marks where max_id < newest for update skip locked));
          insert into event_id_marks (max_id) values (newest);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger events_mark_ids after insert on events
        referencing new table as added_events
        for each statement execute function vigil_mark_event_ids()`.execute(db);
      await sql`drop function if exists vigil_max_event_id()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger if exists events_mark_ids on events`.execute(db);
      await sql`drop function if exists vigil_mark_event_ids()`.execute(db);
      await sql`drop table if exists event_id_marks`.execute(db);
    },
  };
}
