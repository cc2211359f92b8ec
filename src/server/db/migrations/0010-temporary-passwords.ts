import type { Kysely, Migration } from 'kysely';

/**
 * users.password_temporary: 1 while the password is one an admin set or generated (a new user,
 * a reset), which its owner must replace before anything else; 0 once they chose their own.
 * Existing users keep theirs (0). Frozen.
 */
export function temporaryPasswordsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('password_temporary', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('password_temporary').execute();
    },
  };
}
