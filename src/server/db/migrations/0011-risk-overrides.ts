import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * risk_overrides: a risk level someone set by hand on a case, with who and when. Before this,
 * a hand-set level was guessed by comparing the stored level with what the last run left, so a
 * level chosen by a form's default or by the demo loader passed for one a person chose. Those
 * guesses name nobody, so they are dropped: every case takes the level its last assessment
 * computed, and cases not closed are queued to be analysed again (the score gained parts).
 * Frozen.
 */
export function riskOverridesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('risk_overrides')
        .addColumn('investigation_id', 'text', (col) =>
          col.primaryKey().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('level', 'text', (col) => col.notNull())
        .addColumn('set_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('set_at', 'bigint', (col) => col.notNull())
        .execute();
      await sql`update investigations set risk_level = coalesce(
          (select r.computed_level from risk_assessments r where r.investigation_id = investigations.id),
          'low')`.execute(db);
      await sql`update investigations set analysis_state = 'pending'
          where status <> 'closed' and analysis_state <> 'running'`.execute(db);
      await db.schema.alterTable('risk_assessments').dropColumn('manual_level').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('risk_assessments').addColumn('manual_level', 'text').execute();
      await db.schema.dropTable('risk_overrides').execute();
    },
  };
}
