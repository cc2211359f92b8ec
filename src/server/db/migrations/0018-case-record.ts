import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * The case record. Frozen.
 *
 * - `case_notes`: Markdown notes on an investigation, append-only: a correction is a new note
 *   naming the one it amends (`amends_note_id`). Updates are refused by the database.
 * - `investigations.outcome` and `outcome_reason`: how a case was closed and why;
 *   `template_id`: the template it was opened from, if any.
 * - `case_templates`: case type, default window (days back from today), checklist steps, the
 *   evidence pages to review and the report's sections; `case_checklist`: a case's own copy of
 *   its template's steps (editing a template does not rewrite open cases), with who ticked each.
 * - `pins` is rebuilt: the server captures what is pinned (`content`, the canonical JSON of the
 *   events or finding row), its SHA-256 and the SHA-256 of each raw record (`raw_hashes`);
 *   unpinning leaves a tombstone (`removed_at`, `removed_by`, `removed_reason`) instead of
 *   deleting, so only one live pin per thing (a partial unique index). Pins made before this
 *   migration keep the browser's snapshot as content, with `captured_by = 'client'` and no hash.
 */
export function caseRecordMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('case_notes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('amends_note_id', 'text', (col) => col.references('case_notes.id'))
        .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('case_notes_investigation')
        .on('case_notes')
        .columns(['investigation_id', 'created_at'])
        .execute();
      if (dialect === 'postgres') {
        await sql`
          create or replace function vigil_no_update() returns trigger language plpgsql as $$
          begin
            raise exception '% cannot be changed', tg_table_name;
          end $$`.execute(db);
        await sql`
          create trigger case_notes_no_update before update on case_notes
          for each statement execute function vigil_no_update()`.execute(db);
      } else {
        await sql`
          create trigger case_notes_no_update before update on case_notes
          begin select raise(abort, 'case_notes cannot be changed'); end`.execute(db);
      }

      await db.schema.alterTable('investigations').addColumn('outcome', 'text').execute();
      await db.schema.alterTable('investigations').addColumn('outcome_reason', 'text').execute();
      await db.schema.alterTable('investigations').addColumn('template_id', 'text').execute();

      await db.schema
        .createTable('case_templates')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('case_type', 'text', (col) => col.notNull())
        .addColumn('window_days', 'integer', (col) => col.notNull())
        .addColumn('steps', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'steps'))
        .addColumn('evidence_pages', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'evidence_pages'),
        )
        .addColumn('report_sections', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'report_sections'),
        )
        .addColumn('shipped', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_by', 'text', (col) => col.references('users.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.references('users.id'))
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('case_templates_name')
        .on('case_templates')
        .column('name')
        .unique()
        .execute();

      await db.schema
        .createTable('case_checklist')
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('step_id', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('done_at', 'bigint')
        .addColumn('done_by', 'text', (col) => col.references('users.id'))
        .addPrimaryKeyConstraint('case_checklist_pk', ['investigation_id', 'step_id'])
        .execute();

      await db.schema
        .createTable('pins_hashed')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('ref', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('page', 'text')
        .addColumn('content', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'content'),
        )
        .addColumn('content_sha256', 'text')
        .addColumn('raw_hashes', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'raw_hashes'),
        )
        .addColumn('captured_by', 'text', (col) => col.notNull().defaultTo('server'))
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('removed_at', 'bigint')
        .addColumn('removed_by', 'text', (col) => col.references('users.id'))
        .addColumn('removed_reason', 'text')
        .execute();
      await sql`
        insert into pins_hashed (id, investigation_id, kind, ref, label, page, content,
          content_sha256, raw_hashes, captured_by, note, created_by, created_at)
        select id, investigation_id, kind, ref, label, page, snapshot, null,
          ${dialect === 'postgres' ? sql`'[]'::jsonb` : sql`'[]'`}, 'client', note, created_by, created_at
        from pins`.execute(db);
      await db.schema.dropTable('pins').execute();
      await db.schema.alterTable('pins_hashed').renameTo('pins').execute();
      await db.schema
        .createIndex('pins_live_ref')
        .on('pins')
        .columns(['investigation_id', 'kind', 'ref'])
        .unique()
        .where(sql.ref('removed_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('pins_investigation_created')
        .on('pins')
        .columns(['investigation_id', 'created_at'])
        .execute();
    },
  };
}
