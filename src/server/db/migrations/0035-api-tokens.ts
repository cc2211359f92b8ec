import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * `api_tokens`: personal access tokens for automation. Only a keyed hash of the token is kept
 * (`token_hash`, unique: a request finds its token by it); `scopes` is a JSON array of
 * permission ids, intersected with the owner's role permissions at every request. A revoked
 * token keeps its row (`revoked_at`) so that it answers "revoked" rather than "unknown" and the
 * lists can say who revoked it. A deleted user takes their tokens along. Frozen.
 */
export function apiTokensMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('scopes', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'scopes'),
        )
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .addColumn('revoked_by', 'text')
        .execute();
      await db.schema
        .createIndex('api_tokens_user')
        .on('api_tokens')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
