import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in throttling shared by every process on the database, and the installation's secrets.
 *
 * `sign_in_attempts` holds one counter per key (an account, an address, an account at an
 * address, and the addresses an account has signed in from); a key is a keyed digest, never the
 * typed identifier, which may be a password typed into the wrong field. `expires_at` is when a
 * row may be pruned. `installation_secrets` holds random secrets made on first use (the key of
 * those digests). Frozen.
 */
export function signInAttemptsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .addColumn('last_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_attempts_expires')
        .on('sign_in_attempts')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('installation_secrets')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('installation_secrets').execute();
      await db.schema.dropTable('sign_in_attempts').execute();
    },
  };
}
