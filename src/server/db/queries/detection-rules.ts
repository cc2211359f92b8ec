import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** A rule text an admin added, with who added it. */
export interface StoredRuleSource {
  id: string;
  format: string;
  source: string;
  rule_ids: unknown;
  created_by: string | null;
  created_at: number;
  creator_email: string | null;
  creator_name: string | null;
}

/** Every added rule text, oldest first. */
export async function listRuleSources(db: Kysely<Database>): Promise<StoredRuleSource[]> {
  return await db
    .selectFrom('detection_rules as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .selectAll('d')
    .select(['u.email as creator_email', 'u.display_name as creator_name'])
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
}

/** Stores an added rule text; returns its id. */
export async function insertRuleSource(
  db: Kysely<Database>,
  row: { format: string; source: string; ruleIds: readonly string[]; userId: string },
  now: number,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('detection_rules')
    .values({
      id,
      format: row.format,
      source: row.source,
      rule_ids: JSON.stringify(row.ruleIds),
      created_by: row.userId,
      created_at: now,
    })
    .execute();
  return id;
}

/** Removes an added rule text and the switches of its rules. */
export async function deleteRuleSource(
  db: Kysely<Database>,
  id: string,
  ruleIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('detection_rules').where('id', '=', id).execute();
  if (ruleIds.length > 0)
    await db
      .deleteFrom('rule_settings')
      .where('rule_id', 'in', [...ruleIds])
      .execute();
}

/** A rule's switch, and why detection turned it off (null when a person did). */
export interface RuleSwitch {
  enabled: boolean;
  disabledReason: string | null;
}

/** Every rule switch, by rule id. */
export async function ruleSwitches(db: Kysely<Database>): Promise<Map<string, RuleSwitch>> {
  const rows = await db
    .selectFrom('rule_settings')
    .select(['rule_id', 'enabled', 'disabled_reason'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.rule_id,
      { enabled: Number(row.enabled) === 1, disabledReason: row.disabled_reason },
    ]),
  );
}

/**
 * Switches a rule off on detection's behalf, with the reason the rules screen shows; false when
 * it was off already (another pass got there first).
 */
export async function disableRuleWithReason(
  db: Kysely<Database>,
  ruleId: string,
  reason: string,
  now: number,
): Promise<boolean> {
  const current = await db
    .selectFrom('rule_settings')
    .select('enabled')
    .where('rule_id', '=', ruleId)
    .executeTakeFirst();
  if (current && Number(current.enabled) === 0) return false;
  const values = { rule_id: ruleId, enabled: 0, updated_by: null, updated_at: now };
  await db
    .insertInto('rule_settings')
    .values({ ...values, disabled_reason: reason })
    .onConflict((oc) =>
      oc.column('rule_id').doUpdateSet({ enabled: 0, updated_at: now, disabled_reason: reason }),
    )
    .execute();
  return true;
}

/** Switches a rule on or off (a person's choice: any reason detection gave is cleared). */
export async function setRuleSwitch(
  db: Kysely<Database>,
  ruleId: string,
  enabled: boolean,
  userId: string,
  now: number,
): Promise<void> {
  const values = { rule_id: ruleId, enabled: enabled ? 1 : 0, updated_by: userId, updated_at: now };
  await db
    .insertInto('rule_settings')
    .values(values)
    .onConflict((oc) =>
      oc.column('rule_id').doUpdateSet({
        enabled: values.enabled,
        updated_by: values.updated_by,
        updated_at: values.updated_at,
        disabled_reason: null,
      }),
    )
    .execute();
}
