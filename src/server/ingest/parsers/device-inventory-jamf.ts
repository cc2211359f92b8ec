import { cleanIp, resolveActor } from './addresses';
import type { RecordContext } from './define-parser';
import type { JsonObject } from './fields';
import { at, bool, field, firstText, integer, isObject, text } from './fields';
import type { ParsedItem } from './parser';
import { requireTime } from './timestamps';
import { joinOs } from './device-inventory-intune';

/** True for a Jamf Pro computer: the API's inventory record or the classic API's `computer`. */
export function isJamfComputer(record: JsonObject): boolean {
  const computer = field(record, 'computer');
  if (isObject(computer)) return isObject(field(computer, 'general'));
  const general = field(record, 'general');
  return (
    isObject(general) &&
    (isObject(field(record, 'hardware')) ||
      isObject(field(record, 'userAndLocation')) ||
      isObject(field(record, 'location')) ||
      text(field(record, 'udid')) !== null)
  );
}

/**
 * One Jamf Pro computer as a `device_seen` observation at its last check-in. Reads the Jamf Pro
 * API inventory (`/api/v1/computers-inventory`: `general`, `hardware`, `operatingSystem`,
 * `userAndLocation`, camelCase) and the classic API (`/JSSResource/computers/id/N`:
 * `{computer: {general, location, hardware}}`, snake_case, epoch-ms twins of every date). The
 * owner is the assigned user's email, else their username (a directory login, mapped like other
 * accounts); a computer assigned to nobody is skipped.
 */
export function jamfComputerItems(record: JsonObject, context: RecordContext): ParsedItem[] {
  const classic = field(record, 'computer');
  const computer = isObject(classic) ? classic : record;
  const general = field(computer, 'general');
  const user = isObject(classic) ? field(computer, 'location') : field(computer, 'userAndLocation');
  const hardware = field(computer, 'hardware');
  const account = firstText(
    field(user, 'email'),
    field(user, 'email_address'),
    field(user, 'username'),
  );
  if (account === null) {
    return [
      {
        kind: 'skipped',
        reason: 'Jamf computer without an assigned user: no owner to record',
        position: context.position,
      },
    ];
  }
  const stamp = firstText(
    field(general, 'last_contact_time_epoch'),
    field(general, 'lastContactTime'),
    field(general, 'last_contact_time_utc'),
    field(general, 'report_date_epoch'),
    field(general, 'reportDate'),
    field(general, 'report_date_utc'),
  );
  const epoch = integer(stamp);
  const time = requireTime(
    epoch !== null && epoch > 0 ? epoch : stamp,
    {
      name: '`general.lastContactTime`',
      missing: 'Jamf computers need `general.lastContactTime` (or a report date)',
      epoch: 'ms',
    },
    context.position,
    context.options,
  );
  const id = firstText(
    field(computer, 'udid'),
    field(general, 'udid'),
    field(computer, 'id'),
    field(general, 'id'),
    field(hardware, 'serialNumber'),
    field(general, 'serial_number'),
  );
  const name = firstText(field(general, 'name'));
  const managed =
    bool(at(general, 'remoteManagement', 'managed')) ??
    bool(at(general, 'remote_management', 'managed'));
  const os = field(computer, 'operatingSystem');
  return [
    context.event({
      time,
      sourceEventId: `jamf:${id ?? name}:${time}`,
      activity: 'device_seen',
      action: isObject(classic) ? 'computer' : 'computers-inventory',
      outcome: 'success',
      ...resolveActor(account, context.options, text(field(user, 'username'))),
      app: 'Jamf Pro',
      ip: cleanIp(firstText(field(general, 'lastReportedIp'), field(general, 'last_reported_ip'))),
      device: {
        id,
        name,
        managed,
        os: isObject(os)
          ? joinOs(field(os, 'name'), field(os, 'version'))
          : joinOs(field(hardware, 'os_name'), field(hardware, 'os_version')),
      },
      attributes: {
        serialNumber:
          firstText(field(hardware, 'serialNumber'), field(general, 'serial_number')) ?? undefined,
        model: text(field(hardware, 'model')) ?? undefined,
        manufacturer: text(field(hardware, 'make')) ?? undefined,
        platform: text(field(general, 'platform')) ?? undefined,
        fileVault:
          firstText(field(os, 'fileVault2Status'), at(hardware, 'filevault2_status')) ?? undefined,
        userName: firstText(field(user, 'realname'), field(user, 'real_name')) ?? undefined,
        username: text(field(user, 'username')) ?? undefined,
      },
    }),
  ];
}
