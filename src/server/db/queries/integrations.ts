import type { Kysely, Selectable } from 'kysely';

import { toJson } from '../dialect';
import { inTransaction } from '../in-transaction';
import type { Database, IntegrationsTable } from '../schema';

/** One integration as stored (token hash included: never send this row as it is). */
export type IntegrationRow = Selectable<IntegrationsTable>;

/** All integrations, by name. */
export function listIntegrations(db: Kysely<Database>): Promise<IntegrationRow[]> {
  return db.selectFrom('integrations').selectAll().orderBy('name').orderBy('id').execute();
}

/** One integration, or undefined. */
export function findIntegration(
  db: Kysely<Database>,
  id: string,
): Promise<IntegrationRow | undefined> {
  return db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first integration of a kind (the generator reuses one per source). */
export function findIntegrationByKind(
  db: Kysely<Database>,
  kind: string,
): Promise<IntegrationRow | undefined> {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** Stores a new integration. */
export async function insertIntegration(
  db: Kysely<Database>,
  integration: {
    id: string;
    name: string;
    kind: string;
    enabled: boolean;
    options: Record<string, unknown>;
    tokenHash: string;
    tokenHint: string;
    createdBy: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('integrations')
    .values({
      id: integration.id,
      name: integration.name,
      kind: integration.kind,
      enabled: integration.enabled ? 1 : 0,
      options: toJson(integration.options),
      token_hash: integration.tokenHash,
      token_hint: integration.tokenHint,
      event_count: 0,
      last_sync_at: null,
      last_sync_status: null,
      created_by: integration.createdBy,
      created_at: integration.now,
      updated_at: integration.now,
    })
    .execute();
}

/** Changes the name, enabled flag or options; returns whether the integration exists. */
export async function updateIntegration(
  db: Kysely<Database>,
  id: string,
  changes: { name?: string; enabled?: boolean; options?: Record<string, unknown> },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('integrations')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
      ...(changes.options !== undefined ? { options: toJson(changes.options) } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the ingest token's hash: the old token stops working at once. */
export async function replaceIntegrationToken(
  db: Kysely<Database>,
  id: string,
  token: { hash: string; hint: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('integrations')
    .set({ token_hash: token.hash, token_hint: token.hint, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an integration and its run history; its events stay (integration_id is kept as provenance). */
export async function deleteIntegration(db: Kysely<Database>, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('ingest_runs').where('integration_id', '=', id).execute();
    const result = await trx.deleteFrom('integrations').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Records a batch that wrote nothing as the integration's last sync. */
export async function recordIntegrationSync(
  db: Kysely<Database>,
  id: string,
  statusJson: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('integrations')
    .set({ last_sync_at: now, last_sync_status: statusJson })
    .where('id', '=', id)
    .execute();
}
