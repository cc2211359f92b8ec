import { readJson } from '../../db/dialect';
import type { CollectionRow } from '../../db/queries/integration-collections';
import type { SecretBox } from './secret-box';

/** A collection's settings with its secrets opened, by name. */
export function openSettings(row: CollectionRow, secretBox: SecretBox): Record<string, string> {
  const settings = readJson<Record<string, string>>(row.settings);
  const secrets = row.secrets ? secretBox.open<Record<string, string>>(row.secrets) : {};
  return { ...settings, ...secrets };
}

/** The parts of a collector's context that come from its stored row. */
export function collectorContextBase(row: CollectionRow, secretBox: SecretBox) {
  return {
    settings: openSettings(row, secretBox),
    backfillDays: row.backfill_days,
    cursor: row.cursor,
  };
}
