import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Notifications (issue 29). Frozen.
 *
 * - `notification_channels`: where Vigil sends (webhook, email, Slack, Teams, syslog); secrets
 *   sealed with AES-256-GCM as collector credentials are, their last four characters apart.
 * - `notification_rules`: a trigger and the channels it sends to.
 * - `notification_deliveries`: the outbox, written in the transaction of the change that
 *   caused it; one row per event and channel (and recipient), so an event reaches a channel
 *   once however many rules name it. Its id is the delivery id every attempt carries.
 * - `user_notifications`: what a person asked to be told by email.
 * - The permission `notifications.manage` for admins.
 */
export function notificationsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_channels')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('settings', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'settings'),
        )
        .addColumn('secrets', 'text')
        .addColumn('secret_hints', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'secret_hints'),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('notification_rules')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('trigger_kind', 'text', (col) => col.notNull())
        .addColumn('trigger', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'trigger'),
        )
        .addColumn('channel_ids', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'channel_ids'),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('notification_rules_trigger')
        .on('notification_rules')
        .columns(['trigger_kind', 'enabled'])
        .execute();
      await db.schema
        .createTable('notification_deliveries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('channel_id', 'text', (col) =>
          col.notNull().references('notification_channels.id').onDelete('cascade'),
        )
        // The event once per channel and recipient: `alert.created:<alert id>`, ...
        .addColumn('event_key', 'text', (col) => col.notNull())
        .addColumn('event_type', 'text', (col) => col.notNull())
        // A person's own address for a personal notification; '' for the channel's own.
        .addColumn('recipient', 'text', (col) => col.notNull())
        // Ids and words only, never a person's name: the message is built at sending.
        .addColumn('payload', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'payload'),
        )
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .addColumn('next_attempt_at', 'bigint')
        // Retries stop after this (24 hours from queueing, or from an admin's re-send).
        .addColumn('retry_until', 'bigint', (col) => col.notNull())
        .addColumn('last_attempt_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'bigint')
        // The sender holding it now, until when; a lapsed claim is sent again (same id).
        .addColumn('claimed_until', 'bigint')
        .addColumn('occurred_at', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('notification_deliveries_once', [
          'event_key',
          'channel_id',
          'recipient',
        ])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_due')
        .on('notification_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_log')
        .on('notification_deliveries')
        .columns(['channel_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('user_notifications')
        .addColumn('user_id', 'text', (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('assigned_to_me', 'integer', (col) => col.notNull())
        .addColumn('my_reveal_decided', 'integer', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      const rdb = db as Kysely<Record<string, Record<string, unknown>>>;
      const admin = await rdb
        .selectFrom('roles')
        .select('permissions')
        .where('id', '=', 'admin')
        .executeTakeFirst();
      if (admin) {
        const current = (
          typeof admin.permissions === 'string' ? JSON.parse(admin.permissions) : admin.permissions
        ) as string[];
        await rdb
          .updateTable('roles')
          .set({
            permissions: JSON.stringify([...new Set([...current, 'notifications.manage'])]),
            updated_at: Date.now(),
          })
          .where('id', '=', 'admin')
          .execute();
      }
    },
  };
}
