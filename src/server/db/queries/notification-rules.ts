import type { Kysely, Selectable } from 'kysely';

import type { Database } from '../schema';
import type { NotificationRulesTable } from '../tables/notifications';

/** A rule as stored: trigger and channel ids are JSON. */
export type NotificationRuleRow = Selectable<NotificationRulesTable>;

/** Every rule, by name. */
export function listNotificationRules(db: Kysely<Database>): Promise<NotificationRuleRow[]> {
  return db.selectFrom('notification_rules').selectAll().orderBy('name').orderBy('id').execute();
}

/** The enabled rules of one trigger kind: what an event of that kind is checked against. */
export function enabledRulesOf(
  db: Kysely<Database>,
  triggerKind: string,
): Promise<NotificationRuleRow[]> {
  return db
    .selectFrom('notification_rules')
    .selectAll()
    .where('trigger_kind', '=', triggerKind)
    .where('enabled', '=', 1)
    .execute();
}

export function findNotificationRule(
  db: Kysely<Database>,
  id: string,
): Promise<NotificationRuleRow | undefined> {
  return db.selectFrom('notification_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotificationRule(
  db: Kysely<Database>,
  row: NotificationRuleRow,
): Promise<void> {
  await db.insertInto('notification_rules').values(row).execute();
}

export async function updateNotificationRule(
  db: Kysely<Database>,
  id: string,
  change: Partial<Omit<NotificationRuleRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('notification_rules').set(change).where('id', '=', id).execute();
}

export async function deleteNotificationRule(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('notification_rules').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
