import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/** Per-user settings (keymap profile and rules), one JSON document per user. Frozen. */
export function userSettingsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('settings', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'settings'),
        )
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
