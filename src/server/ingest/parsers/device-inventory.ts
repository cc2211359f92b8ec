import { normalizeEmail, resolveActor } from './addresses';
import type { RecordContext } from './define-parser';
import { defineRecordParser, emptyPage } from './define-parser';
import type { JsonObject } from './fields';
import { bool, field, firstText, isObject, text } from './fields';
import type { ParsedItem } from './parser';
import { parseTime, requireTime } from './timestamps';

/** Graph's "never" for date fields. */
const NEVER = /^0001-01-01/;

/**
 * Microsoft Graph / Intune `managedDevice` records (`/deviceManagement/managedDevices`), one per
 * record or as a Graph page (`{value: [...]}`). Each record is a `device_seen` observation at
 * `lastSyncDateTime` (`enrolledDateTime` for a device that never synced), keyed by device id and
 * sync time so every snapshot is kept once. A device counts as managed when its management
 * agent and compliance state are both known.
 */
export const deviceInventoryParser = defineRecordParser({
  source: 'device_inventory',
  label: 'Intune device inventory',
  recordNoun: 'an Intune managed device',
  description:
    'Microsoft Intune managed devices from Graph: who uses which device, its OS and compliance.',
  framings: ['json-wrapper', 'ndjson', 'json-array'],
  mismatch(record) {
    if (Array.isArray(field(record, 'value'))) return null;
    return text(field(record, 'deviceName')) === null ? 'it has no `deviceName`' : null;
  },
  parse(record, context) {
    const page = field(record, 'value');
    if (Array.isArray(page)) {
      if (page.length === 0) return [emptyPage(context.position)];
      return page.flatMap((device) => {
        if (!isObject(device)) return context.fail('an item of `value` is not a JSON object');
        return parseDevice(device, context);
      });
    }
    return parseDevice(record, context);
  },
});

function parseDevice(device: JsonObject, context: RecordContext): ParsedItem[] {
  const lastSync = text(field(device, 'lastSyncDateTime'));
  const enrolled = text(field(device, 'enrolledDateTime'));
  const synced = lastSync !== null && !NEVER.test(lastSync);
  const time = requireTime(
    synced ? lastSync : enrolled !== null && !NEVER.test(enrolled) ? enrolled : null,
    {
      name: synced ? '`lastSyncDateTime`' : '`enrolledDateTime`',
      missing: 'Intune managed devices need `lastSyncDateTime` (or `enrolledDateTime`)',
    },
    context.position,
    context.options.now,
  );
  const user = firstText(field(device, 'userPrincipalName'), field(device, 'emailAddress'));
  if (user === null) context.fail('no actor: Intune managed devices need `userPrincipalName`');
  const id = firstText(
    field(device, 'id'),
    field(device, 'azureADDeviceId'),
    field(device, 'serialNumber'),
  );
  const agent = text(field(device, 'managementAgent'))?.toLowerCase() ?? 'unknown';
  const compliance = text(field(device, 'complianceState'))?.toLowerCase() ?? 'unknown';
  const os = [text(field(device, 'operatingSystem')), text(field(device, 'osVersion'))]
    .filter((part): part is string => part !== null)
    .join(' ');
  return [
    context.event({
      time,
      sourceEventId: `${id ?? text(field(device, 'deviceName'))}:${time}`,
      activity: 'device_seen',
      action: 'managedDevice',
      outcome: 'success',
      ...resolveActor(
        normalizeEmail(field(device, 'emailAddress')) ?? user,
        context.options,
        text(field(device, 'userId')),
      ),
      app: 'Microsoft Intune',
      device: {
        id,
        name: text(field(device, 'deviceName')),
        managed: agent !== 'unknown' && compliance !== 'unknown',
        os: os.length > 0 ? os : null,
      },
      attributes: {
        complianceState: compliance,
        managementAgent: agent,
        ownerType: text(field(device, 'managedDeviceOwnerType')) ?? undefined,
        serialNumber: text(field(device, 'serialNumber')) ?? undefined,
        isEncrypted: bool(field(device, 'isEncrypted')) ?? undefined,
        enrolledAt: enrolled !== null && !NEVER.test(enrolled) ? parseTime(enrolled) : undefined,
        model: text(field(device, 'model')) ?? undefined,
        manufacturer: text(field(device, 'manufacturer')) ?? undefined,
        userPrincipalName: user,
      },
    }),
  ];
}
