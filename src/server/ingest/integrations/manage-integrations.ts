import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { EventSource } from '../../../shared/events';
import type { IntegrationOptions } from '../../../shared/schemas/integrations';
import {
  findIntegration,
  findIntegrationByKind,
  insertIntegration,
  replaceIntegrationToken,
} from '../../db/queries/integrations';
import type { IntegrationRow } from '../../db/queries/integrations';
import type { Database } from '../../db/schema';
import { parserFor } from '../parsers/index';
import { newIngestToken } from './ingest-token';

/** What a new integration needs. */
export interface NewIntegration {
  name: string;
  kind: EventSource;
  enabled: boolean;
  options: IntegrationOptions;
}

/** Creates an integration with a fresh ingest token; the token is returned once, here. */
export async function createIntegration(
  db: Kysely<Database>,
  input: NewIntegration,
  createdBy: string,
  now: number,
): Promise<{ row: IntegrationRow; token: string }> {
  const id = randomUUID();
  const token = newIngestToken();
  await insertIntegration(db, {
    id,
    name: input.name,
    kind: input.kind,
    enabled: input.enabled,
    options: input.options,
    tokenHash: token.hash,
    tokenHint: token.hint,
    createdBy,
    now,
  });
  const row = await findIntegration(db, id);
  if (!row) throw new Error(`The integration ${id} vanished right after it was created`);
  return { row, token: token.token };
}

/** Replaces an integration's token; null when there is no such integration. */
export async function rotateIntegrationToken(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<{ row: IntegrationRow; token: string } | null> {
  const token = newIngestToken();
  if (!(await replaceIntegrationToken(db, id, token, now))) return null;
  const row = await findIntegration(db, id);
  return row ? { row, token: token.token } : null;
}

/**
 * The integration generated data of one source goes to: the first of that kind, or a new one
 * named after the source (its token is never shown: rotate it to push to it).
 */
export async function integrationForKind(
  db: Kysely<Database>,
  kind: EventSource,
  createdBy: string,
): Promise<string> {
  const existing = await findIntegrationByKind(db, kind);
  if (existing) return existing.id;
  const label = parserFor(kind)?.label ?? kind;
  const { row } = await createIntegration(
    db,
    { name: label, kind, enabled: true, options: { framing: 'auto' } },
    createdBy,
    Date.now(),
  );
  return row.id;
}
