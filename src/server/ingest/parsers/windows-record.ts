import type { JsonObject } from './fields';
import { at, field, firstField, firstText, integer, isObject, list, text } from './fields';

/**
 * One Windows event read from either export shape:
 * - flattened (OTRF/Mordor, NXLog via Logstash): EventData fields at the top level next to
 *   `EventID`, `Channel`, `Hostname`, `TimeCreated`/`@timestamp`/`EventTime`;
 * - nested (XML rendered as JSON): `System` {EventID, Channel, Computer, TimeCreated.SystemTime,
 *   EventRecordID, Security.UserID} and `EventData` (an object, or `Data` as a list of
 *   `{Name, #text}`), plus `UserData` for log-clearing events.
 */
export interface WindowsEvent {
  eventId: number;
  channel: string | null;
  provider: string | null;
  computer: string | null;
  recordId: string | null;
  /** An EventData (or UserData) field by name, from whichever shape the record has. */
  data(name: string): unknown;
  /** The record itself, for shape-specific fields. */
  record: JsonObject;
}

/** Reads a Windows event, or says why the record is not one. */
export function readWindowsEvent(record: JsonObject): WindowsEvent | string {
  const system = field(record, 'System');
  const rawId = field(system, 'EventID') ?? field(record, 'EventID') ?? field(record, 'event_id');
  const eventId =
    integer(rawId) ?? integer(field(rawId, '#text')) ?? integer(field(rawId, 'Value'));
  if (eventId === null) return 'it has no `EventID`';
  const eventData = flattenData(field(record, 'EventData'));
  const userData = firstObjectValue(field(record, 'UserData'));
  const data = (name: string): unknown =>
    field(eventData, name) ?? field(userData, name) ?? field(record, name);
  return {
    eventId,
    channel: firstText(field(system, 'Channel'), field(record, 'Channel')),
    provider: firstText(
      at(system, 'Provider', 'Name'),
      at(system, 'Provider', '@Name'),
      field(record, 'SourceName'),
      field(record, 'ProviderName'),
    ),
    // NXLog's `host` is the collector; `Hostname` is the machine that logged the event.
    computer: firstText(
      field(system, 'Computer'),
      field(record, 'Hostname'),
      field(record, 'Computer'),
    ),
    recordId: firstText(
      field(system, 'EventRecordID'),
      field(record, 'EventRecordID'),
      field(record, 'RecordNumber'),
    ),
    data,
    record,
  };
}

/** EventData as a plain object: `{Data: [{Name, #text}]}` and `[{@Name, #text}]` become `{Name: text}`. */
function flattenData(value: unknown): JsonObject | null {
  if (value === undefined || value === null) return null;
  const items =
    isObject(value) && field(value, 'Data') !== undefined ? field(value, 'Data') : value;
  if (isObject(items)) return items;
  const out: JsonObject = {};
  for (const item of list(items)) {
    if (!isObject(item)) continue;
    const name = firstText(field(item, 'Name'), field(item, '@Name'));
    if (name !== null)
      out[name] = field(item, '#text') ?? field(item, 'Value') ?? field(item, 'text');
  }
  return out;
}

/** UserData holds one element named after the event (`LogFileCleared`); its fields are the data. */
function firstObjectValue(value: unknown): JsonObject | null {
  if (!isObject(value)) return null;
  const inner = Object.values(value).find(isObject);
  return inner ?? value;
}

/** True for events from Sysmon. */
export function isSysmon(event: WindowsEvent): boolean {
  return /sysmon/i.test(event.channel ?? '') || /sysmon/i.test(event.provider ?? '');
}

/** True for PowerShell script block logging. */
export function isPowerShell(event: WindowsEvent): boolean {
  return /powershell/i.test(event.channel ?? '') || /powershell/i.test(event.provider ?? '');
}

/** The time and its field, in the order Vigil trusts them (see windows.ts). */
export function timeValue(event: WindowsEvent): { name: string; value: unknown } | null {
  const utc = event.data('UtcTime');
  if (utc !== undefined && utc !== null) return { name: 'UtcTime', value: utc };
  const created = at(event.record, 'System', 'TimeCreated');
  const systemTime = field(created, 'SystemTime') ?? field(created, '@SystemTime');
  if (systemTime !== undefined) return { name: 'System.TimeCreated.SystemTime', value: systemTime };
  if (typeof created === 'string') return { name: 'System.TimeCreated', value: created };
  return firstField(event.record, ['TimeCreated', '@timestamp', 'EventTime']);
}

/** The account that ran a PowerShell or log-clearing event: `DOMAIN\user`, else the SID. */
export function systemAccount(event: WindowsEvent): string | null {
  const subjectUser = text(event.data('SubjectUserName'));
  if (subjectUser !== null) {
    const domain = text(event.data('SubjectDomainName'));
    return domain !== null ? `${domain}\\${subjectUser}` : subjectUser;
  }
  const record = event.record;
  const accountName = text(field(record, 'AccountName'));
  const domain = text(field(record, 'Domain'));
  if (accountName !== null) return domain !== null ? `${domain}\\${accountName}` : accountName;
  return firstText(
    at(record, 'System', 'Security', 'UserID'),
    at(record, 'System', 'Security', '@UserID'),
    at(record, 'Security', 'UserID'),
    field(record, 'Security UserID'),
    field(record, 'UserID'),
  );
}
