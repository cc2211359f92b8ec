import type { Kysely } from 'kysely';

import type { EventSource } from '../../../shared/events';
import type { CollectionBody } from '../../../shared/schemas/collection';
import { readJson, toJson } from '../../db/dialect';
import type { IntegrationRow } from '../../db/queries/integrations';
import { findCollection, saveCollectionSettings } from '../../db/queries/integration-collections';
import type { Database } from '../../db/schema';
import { invalid } from '../../domain-error';
import { parserFor } from '../parsers/index';
import type { StoredSettings } from './collection-settings';
import { checkSettings, specFor } from './collection-settings';
import { collectorFor } from './collectors';
import type { SecretBox } from './secret-box';
import { SecretUnreadable } from './secret-box';

/** What a saved change did, for the audit log (names of secrets only, never their values). */
export interface CollectionChange {
  enabled: boolean;
  intervalSeconds: number;
  backfillDays: number;
  settings: Record<string, string>;
  changedSecrets: string[];
}

/** The stored settings with secrets opened; none when never configured or the key changed. */
function storedSettings(
  row: Awaited<ReturnType<typeof findCollection>>,
  secretBox: SecretBox,
): StoredSettings | null {
  if (!row) return null;
  let secrets: Record<string, string> = {};
  try {
    secrets = row.secrets ? secretBox.open<Record<string, string>>(row.secrets) : {};
  } catch (error) {
    // Unreadable under this key: the change must give every secret again.
    if (!(error instanceof SecretUnreadable)) throw error;
  }
  return { settings: readJson<Record<string, string>>(row.settings), secrets };
}

/**
 * Checks and stores an integration's collection settings (a PUT): unknown or missing settings
 * and unusable URLs are refused with a 400 naming the field; secrets are sealed; a secret left
 * out keeps the stored one. Run inside the audited transaction.
 */
export async function saveCollection(
  db: Kysely<Database>,
  secretBox: SecretBox,
  integration: IntegrationRow,
  body: Required<CollectionBody>,
  allowInsecure: boolean,
  now: number,
): Promise<CollectionChange> {
  const kind = integration.kind as EventSource;
  const spec = specFor(kind, parserFor(kind)?.label ?? kind);
  if (body.backfillDays > spec.maxBackfillDays) {
    throw invalid(
      `backfillDays must be at most ${spec.maxBackfillDays}: ${spec.label} keeps events that long.`,
      'backfillDays',
    );
  }
  const before = await findCollection(db, integration.id);
  const checked = checkSettings(
    spec,
    body.settings,
    storedSettings(before, secretBox),
    allowInsecure,
  );
  const problem = collectorFor(kind)?.checkSettings?.(
    { ...checked.settings, ...checked.secrets },
    allowInsecure,
  );
  if (problem)
    throw invalid(`settings.${problem.field} ${problem.problem}`, `settings.${problem.field}`);
  await saveCollectionSettings(db, {
    integrationId: integration.id,
    enabled: body.enabled,
    intervalSeconds: body.intervalSeconds,
    backfillDays: body.backfillDays,
    settings: toJson(checked.settings),
    secrets: Object.keys(checked.secrets).length > 0 ? secretBox.seal(checked.secrets) : null,
    secretHints: toJson(checked.hints),
    restart: checked.changed,
    now,
  });
  return {
    enabled: body.enabled,
    intervalSeconds: body.intervalSeconds,
    backfillDays: body.backfillDays,
    settings: checked.settings,
    changedSecrets: checked.changedSecrets,
  };
}
