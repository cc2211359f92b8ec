import type { Kysely, Migration } from 'kysely';

/**
 * employees.aliases: JSON text, the other names an HR record gives a person (other emails,
 * Windows, GitHub and Slack account names), so events under any of them join the employee;
 * null when HR gives none. Frozen.
 */
export function employeeAliasesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('employees').addColumn('aliases', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('employees').dropColumn('aliases').execute();
    },
  };
}
