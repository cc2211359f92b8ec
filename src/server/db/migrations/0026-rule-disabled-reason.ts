import type { Kysely, Migration } from 'kysely';

/**
 * Why detection switched a rule off (it ran past its deadline), shown on the rules screen until
 * someone switches it again. Frozen.
 */
export function ruleDisabledReasonMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('rule_settings').addColumn('disabled_reason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('rule_settings').dropColumn('disabled_reason').execute();
    },
  };
}
