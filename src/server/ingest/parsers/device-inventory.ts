import type { RecordContext } from './define-parser';
import { defineRecordParser, emptyPage } from './define-parser';
import type { JsonObject } from './fields';
import { field, firstText, isObject, text } from './fields';
import { intuneDeviceRowItems, managedDeviceItems } from './device-inventory-intune';
import { intuneAuditItems, isIntuneAudit } from './device-inventory-intune-audit';
import { isJamfComputer, jamfComputerItems } from './device-inventory-jamf';
import { readJsonText } from './json-text';
import type { ParsedItem } from './parser';

/** Fields only Graph's `managedDevice` has (its other names are shared with Intune's rows). */
const GRAPH_FIELDS = [
  'lastSyncDateTime',
  'enrolledDateTime',
  'managedDeviceOwnerType',
  'complianceState',
  'managementAgent',
  'userPrincipalName',
];

/** The shapes this parser reads, each with its reader. */
type Shape = 'graph' | 'intune-row' | 'intune-audit' | 'jamf';

/** The properties of a diagnostic-settings row, or the row itself (Log Analytics, CSV). */
function rowOf(record: JsonObject): JsonObject {
  const properties = readJsonText(field(record, 'properties'));
  return isObject(properties) ? { ...properties, time: field(record, 'time') } : record;
}

function shapeOf(record: JsonObject): Shape | null {
  if (isJamfComputer(record)) return 'jamf';
  if (isIntuneAudit(record)) return 'intune-audit';
  if (GRAPH_FIELDS.some((name) => field(record, name) !== undefined)) return 'graph';
  const row = rowOf(record);
  if (firstText(field(row, 'DeviceName'), field(row, 'Device name')) !== null) {
    return GRAPH_FIELDS.some((name) => field(row, name) !== undefined) ? 'graph' : 'intune-row';
  }
  return null;
}

/** The list a page holds (Graph `value`, Jamf Pro API `results`), or null for one record. */
function pageItems(record: JsonObject): unknown[] | null {
  const value: unknown = field(record, 'value');
  if (Array.isArray(value)) return value as unknown[];
  const results: unknown = field(record, 'results');
  if (Array.isArray(results) && field(record, 'totalCount') !== undefined) {
    return results as unknown[];
  }
  return null;
}

/**
 * Device inventory: who uses which device, whether it is managed and compliant. Reads Microsoft
 * Graph / Intune `managedDevice` records (one per record or as a `{value: [...]}` page), Intune's
 * "Devices" rows (diagnostic settings export, Log Analytics `IntuneDevices`, the portal's CSV),
 * Intune audit logs (administrators' changes), and Jamf Pro computers (Jamf Pro API inventory,
 * its `{totalCount, results}` pages, and the classic API's `computer`). Each device snapshot
 * becomes a `device_seen` event, which also tells identity mapping who owns the device.
 */
export const deviceInventoryParser = defineRecordParser({
  source: 'device_inventory',
  label: 'Device inventory',
  recordNoun: 'a device inventory record',
  description:
    'Intune (Graph, Devices export, audit logs) and Jamf Pro inventories: who uses which device, its OS and compliance.',
  framings: ['json-wrapper', 'ndjson', 'json-array', 'csv'],
  mismatch(record) {
    if (pageItems(record) !== null) return null;
    return shapeOf(record) === null
      ? 'it is not an Intune device (`deviceName`), an Intune audit record or a Jamf computer (`general`)'
      : null;
  },
  detect(record) {
    const items = pageItems(record);
    if (items !== null) return isObject(items[0]) && shapeOf(items[0]) !== null;
    return shapeOf(record) !== null;
  },
  parse(record, context) {
    const items = pageItems(record);
    if (items === null) return parseOne(record, context);
    if (items.length === 0) return [emptyPage(context.position)];
    return items.flatMap((item) => {
      if (!isObject(item)) return context.fail('an item of the page is not a JSON object');
      return parseOne(item, context);
    });
  },
});

function parseOne(record: JsonObject, context: RecordContext): ParsedItem[] {
  switch (shapeOf(record)) {
    case 'graph':
      return managedDeviceItems(record, context);
    case 'intune-row':
      return intuneDeviceRowItems(rowOf(record), context);
    case 'intune-audit':
      return intuneAuditItems(record, context);
    case 'jamf':
      return jamfComputerItems(record, context);
    default:
      return context.fail(
        `not a device record: ${text(field(record, 'category')) ?? 'its shape'} is not one Vigil reads`,
      );
  }
}
