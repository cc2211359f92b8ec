import { normalizeEmail, resolveActor } from './addresses';
import type { RecordContext } from './define-parser';
import type { JsonObject } from './fields';
import { bool, field, firstText, text } from './fields';
import type { ParsedItem } from './parser';
import { parseTime, requireTime } from './timestamps';

/** Graph's "never" for date fields. */
const NEVER = /^0001-01-01/;

/**
 * One Graph / Intune `managedDevice` as a `device_seen` observation at `lastSyncDateTime`
 * (`enrolledDateTime` for a device that never synced), keyed by device id and sync time so every
 * snapshot is kept once. A device counts as managed when its management agent and compliance
 * state are both known.
 */
export function managedDeviceItems(device: JsonObject, context: RecordContext): ParsedItem[] {
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
    context.options,
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
        os: joinOs(field(device, 'operatingSystem'), field(device, 'osVersion')),
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

/**
 * One row of Intune's "Devices" data as it leaves Intune without Graph: the diagnostic
 * settings export (`{time, category: "Devices", properties: {DeviceName, UPN, LastContact...}}`),
 * the Log Analytics `IntuneDevices` table (the same columns at the top level), or the portal's
 * CSV export ("Device name", "Primary user UPN", "Last check-in"...). A device nobody is
 * assigned to is skipped: it names no owner.
 */
export function intuneDeviceRowItems(row: JsonObject, context: RecordContext): ParsedItem[] {
  const name = firstText(field(row, 'DeviceName'), field(row, 'Device name'));
  const user = firstText(
    field(row, 'UPN'),
    field(row, 'UserEmail'),
    field(row, 'Primary user UPN'),
    field(row, 'Primary user email address'),
  );
  if (user === null) {
    return [
      {
        kind: 'skipped',
        reason: 'Intune device without a primary user: no owner to record',
        position: context.position,
      },
    ];
  }
  const stamp = firstText(
    field(row, 'LastContact'),
    field(row, 'Last check-in'),
    field(row, 'time'),
    field(row, 'TimeGenerated'),
  );
  const time = requireTime(
    stamp,
    { name: '`LastContact`', missing: 'Intune device rows need `LastContact`' },
    context.position,
    context.options,
  );
  const id = firstText(
    field(row, 'DeviceId'),
    field(row, 'Device ID'),
    field(row, 'ReferenceId'),
    field(row, 'SerialNumber'),
    field(row, 'Serial number'),
  );
  const managedBy = firstText(field(row, 'ManagedBy'), field(row, 'Managed by'));
  const compliance = firstText(
    field(row, 'CompliantState'),
    field(row, 'ComplianceState'),
    field(row, 'Compliance'),
  );
  const known = (value: string | null) => value !== null && value.toLowerCase() !== 'unknown';
  return [
    context.event({
      time,
      sourceEventId: `${id ?? name}:${time}`,
      activity: 'device_seen',
      action: 'IntuneDevices',
      outcome: 'success',
      ...resolveActor(user, context.options, text(field(row, 'UserId'))),
      app: 'Microsoft Intune',
      device: {
        id,
        name,
        managed: known(managedBy) && known(compliance),
        os: joinOs(field(row, 'OS'), firstText(field(row, 'OSVersion'), field(row, 'OS version'))),
      },
      attributes: {
        complianceState: compliance?.toLowerCase() ?? undefined,
        managementAgent: managedBy ?? undefined,
        ownerType: firstText(field(row, 'Ownership'), field(row, 'OwnerType')) ?? undefined,
        serialNumber:
          firstText(field(row, 'SerialNumber'), field(row, 'Serial number')) ?? undefined,
        isEncrypted:
          bool(field(row, 'EncryptionStatusString')) ?? bool(field(row, 'Encrypted')) ?? undefined,
        model: text(field(row, 'Model')) ?? undefined,
        manufacturer: text(field(row, 'Manufacturer')) ?? undefined,
        joinType: text(field(row, 'JoinType')) ?? undefined,
        userPrincipalName: user,
      },
    }),
  ];
}

/** "Windows 10.0.22631", or null when neither part is known. */
export function joinOs(system: unknown, version: unknown): string | null {
  const os = [text(system), text(version)]
    .filter((part): part is string => part !== null)
    .join(' ');
  return os.length > 0 ? os : null;
}
