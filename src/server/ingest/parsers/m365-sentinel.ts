import type { JsonObject } from './fields';
import { field, text } from './fields';
import { readJsonText } from './json-text';

/**
 * Columns of Microsoft Sentinel's `OfficeActivity` table whose Management API names differ. The
 * table also duplicates some (`UserId_`) and prefixes others; the rest keep their API name.
 */
const RENAMED: ReadonlyArray<[string, string]> = [
  ['OfficeId', 'Id'],
  ['OfficeWorkload', 'Workload'],
  ['OfficeObjectId', 'ObjectId'],
  ['Site_Url', 'SiteUrl'],
  ['Client_IPAddress', 'ClientIP'],
  ['TimeGenerated', 'CreationTime'],
];

/** True for a row of Sentinel / Log Analytics `OfficeActivity` rather than an API record. */
export function isOfficeActivityRow(record: JsonObject): boolean {
  return (
    text(field(record, 'Type')) === 'OfficeActivity' ||
    (field(record, 'OfficeWorkload') !== undefined && field(record, 'Workload') === undefined)
  );
}

/**
 * An `OfficeActivity` row in the Management API's shape, so one reader serves both: renamed
 * columns get their API names (an API name already present wins), and nested objects and arrays
 * the table stores as JSON strings (`Folders`, `AffectedItems`, `Parameters`, `Item`...) are
 * parsed back.
 */
export function officeActivityAsApiRecord(row: JsonObject): JsonObject {
  const record: JsonObject = {};
  for (const [key, value] of Object.entries(row)) record[key] = readJsonText(value);
  for (const [column, name] of RENAMED) {
    const value = field(row, column);
    if (value !== undefined && field(record, name) === undefined) record[name] = value;
  }
  return record;
}
