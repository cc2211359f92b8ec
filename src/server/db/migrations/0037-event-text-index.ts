import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * The fields of migration 0013's searchable text, in its order, whole (0013 keeps 600
 * characters), then the mail's domains: 0013's text is a beginning of this one.
 */
const FIELDS = [
  'file_name',
  'cast(email_recipients as text)',
  'email_subject',
  'app',
  'repository',
  'target',
  'process_name',
  'device_name',
  'file_path',
  'command_line',
  'chat_text',
  'cast(email_domains as text)',
];

/** An event's searchable text, folded and whole; `row` prefixes the columns (`new.` in a trigger). */
function fullText(row = ''): string {
  const parts = FIELDS.map((field) =>
    field.startsWith('cast(')
      ? `coalesce(cast(${row}${field.slice(5, field.indexOf(' '))} as text), '')`
      : `coalesce(${row}${field}, '')`,
  );
  return `vigil_fold(${parts.join(` || ' ' || `)})`;
}

/** Every column the text reads: an update of one of them re-indexes the event. */
const TEXT_COLUMNS = FIELDS.map((f) => (f.startsWith('cast(') ? f.slice(5, f.indexOf(' ')) : f));

/**
 * Fast hunting (issue 28). B-tree indexes for the keyword fields hunted most (activity,
 * category, destination, each by time), and a trigram index of every event's searchable text,
 * whole: a hunt's free text, text fields and wildcards look up the events holding their
 * letters instead of reading every event in the time range. The index only narrows: the query's own condition
 * still decides, so what a hunt finds is the same with or without it.
 * SQLite: a contentless FTS5 table (trigram tokenizer, no positions: the hunt asks for each
 * trigram of a value, which every event containing the value holds), rowid = events.id, kept
 * by triggers on insert, delete (retention) and update of a text column.
 * PostgreSQL: a pg_trgm GIN index on the same expression (`like '%…%'` uses it). pg_trgm is a
 * trusted extension, created once per database in `public` under an advisory lock (schemas of
 * one database migrate at once in tests). Frozen.
 */
export function eventTextIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Field hunts by the keyword columns hunted most, compared as stored (lower case), each in
      // time order: the newest page and the total read only the events of that value. PostgreSQL
      // only: SQLite's planner, without statistics, took them for a subject's findings too (a
      // MULTI-INDEX OR over everyone's events of a category instead of the subject's own rows).
      if (dialect === 'postgres') {
        await db.schema
          .createIndex('events_activity_time')
          .on('events')
          .columns(['activity', 'time'])
          .execute();
        await db.schema
          .createIndex('events_category_time')
          .on('events')
          .columns(['category', 'time'])
          .execute();
        await db.schema
          .createIndex('events_destination_time')
          .on('events')
          .columns(['file_destination', 'time'])
          .where(sql.ref('file_destination'), 'is not', null)
          .execute();
      }
      if (dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext('vigil pg_trgm'))`.execute(db);
        await sql`create extension if not exists pg_trgm schema public`.execute(db);
        const opclass = await sql<{ schema: string }>`
          select n.nspname as schema from pg_opclass c join pg_namespace n on n.oid = c.opcnamespace
          where c.opcname = 'gin_trgm_ops' limit 1`.execute(db);
        const schema = opclass.rows[0]?.schema ?? 'public';
        await sql
          .raw(
            `create index events_text_trgm on events using gin ((${fullText()}) "${schema}".gin_trgm_ops)`,
          )
          .execute(db);
        return;
      }
      await sql`create virtual table events_text using fts5(
        text, content='', contentless_delete=1, detail=none, tokenize='trigram case_sensitive 1')`.execute(
        db,
      );
      // Triggers only queue an event (a cheap b-tree insert): the ingest indexes its batch's queue
      // in one statement before it commits, and a hunt indexes whatever is left before it reads.
      await sql`create table events_text_pending (id integer primary key)`.execute(db);
      await sql`insert into events_text_pending (id) select id from events`.execute(db);
      await sql
        .raw(
          `create trigger events_text_insert after insert on events begin
            insert or ignore into events_text_pending (id) values (new.id);
          end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger events_text_delete after delete on events begin
            delete from events_text where rowid = old.id;
            delete from events_text_pending where id = old.id;
          end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger events_text_update after update of id, ${TEXT_COLUMNS.join(', ')} on events begin
            delete from events_text where rowid = old.id;
            insert or ignore into events_text_pending (id) values (new.id);
          end`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_destination_time').ifExists().execute();
      await db.schema.dropIndex('events_category_time').ifExists().execute();
      await db.schema.dropIndex('events_activity_time').ifExists().execute();
      if (dialect === 'postgres') {
        await sql`drop index if exists events_text_trgm`.execute(db);
        return;
      }
      await sql`drop trigger if exists events_text_update`.execute(db);
      await sql`drop trigger if exists events_text_delete`.execute(db);
      await sql`drop trigger if exists events_text_insert`.execute(db);
      await sql`drop table if exists events_text_pending`.execute(db);
      await sql`drop table if exists events_text`.execute(db);
    },
  };
}
