import type { JsonObject } from './fields';
import { at, field, firstText, integer, isObject, list, text } from './fields';
import { ecsAlias } from './windows-ecs';
import { readXmlEventData } from './windows-xml-data';

/**
 * One Windows event read from any of the export shapes people have:
 * - evtx_dump / python-evtx JSON: `{"Event": {"System": {...}, "EventData": {...}}}`, XML
 *   attributes under `#attributes` (or `@Name` keys), EventID a number or `{"#text": ...}`,
 *   EventData an object or `Data` as a list of `{"@Name", "#text"}`;
 * - the same without the `Event` wrapper (XML rendered as JSON by other tools);
 * - Winlogbeat and Elastic Agent: `winlog.event_id`, `winlog.channel`, `winlog.event_data`,
 *   `@timestamp`, `host.name`, and ECS fields where Elastic's pipelines moved the data
 *   (`process.command_line`, `powershell.file.script_block_text`...; see windows-ecs.ts);
 * - flattened (NXLog, OTRF/Mordor): EventData fields at the top level beside `EventID`,
 *   `Channel`, `Hostname`;
 * - Microsoft Sentinel `SecurityEvent` and `Event` rows: flat columns (`TimeGenerated`,
 *   `Computer`, `Account`, `EventSourceName` or `Source`, `EventLog`) and `EventData` as an XML
 *   string.
 */
export interface WindowsEvent {
  eventId: number;
  channel: string | null;
  provider: string | null;
  computer: string | null;
  recordId: string | null;
  /** An EventData (or UserData) field by name (any case), from whichever shape the record has. */
  data(name: string): unknown;
  /** `System` (or the record itself for flat shapes), for time and security fields. */
  system: JsonObject | null;
  /** The Winlogbeat `winlog` object, or null. */
  winlog: JsonObject | null;
  /** The record as it arrived, kept as the event's `raw`. */
  record: JsonObject;
}

/** An XML attribute as rendered to JSON: `Name`, `@Name` or `#attributes.Name`. */
export function attribute(value: unknown, name: string): unknown {
  if (!isObject(value)) return undefined;
  return field(value, name) ?? field(value, `@${name}`) ?? at(value, '#attributes', name);
}

/** The text of an element that may carry attributes: `4624`, `{"#text": 4624}`, `{"Value": 4624}`. */
function elementText(value: unknown): unknown {
  return isObject(value) ? (field(value, '#text') ?? field(value, 'Value')) : value;
}

/** Reads a Windows event, or says why the record is not one. */
export function readWindowsEvent(record: JsonObject): WindowsEvent | string {
  const wrapped = Object.hasOwn(record, 'Event') && isObject(record.Event) ? record.Event : null;
  const root = wrapped ?? record;
  const system = isObject(field(root, 'System')) ? (field(root, 'System') as JsonObject) : null;
  const winlog = isObject(field(root, 'winlog')) ? (field(root, 'winlog') as JsonObject) : null;
  const rawId =
    field(system, 'EventID') ??
    field(root, 'EventID') ??
    field(winlog, 'event_id') ??
    (winlog ? at(root, 'event', 'code') : undefined) ??
    field(root, 'event_id');
  const eventId = integer(elementText(rawId));
  if (eventId === null) return 'it has no `EventID` (nor `System.EventID` or `winlog.event_id`)';
  const data = dataReader(root, winlog);
  return {
    eventId,
    channel: firstText(
      field(system, 'Channel'),
      field(root, 'Channel'),
      field(winlog, 'channel'),
      field(root, 'EventLog'),
      field(root, 'LogName'),
    ),
    provider: firstText(
      attribute(field(system, 'Provider'), 'Name'),
      text(field(system, 'Provider')),
      field(root, 'SourceName'),
      field(root, 'ProviderName'),
      field(winlog, 'provider_name'),
      field(root, 'EventSourceName'),
      field(root, 'Source'),
    ),
    // NXLog's `host` is the collector; `Hostname` is the machine that logged the event.
    computer: firstText(
      field(system, 'Computer'),
      field(root, 'Hostname'),
      field(root, 'Computer'),
      field(winlog, 'computer_name'),
      at(root, 'host', 'name'),
      field(root, 'MachineName'),
    ),
    recordId: firstText(
      elementText(field(system, 'EventRecordID')),
      field(root, 'EventRecordID'),
      field(root, 'RecordNumber'),
      field(winlog, 'record_id'),
      field(root, 'RecordId'),
    ),
    data,
    system: system ?? root,
    winlog,
    record,
  };
}

/**
 * A lookup over every place the shapes keep event fields, most specific first: EventData,
 * UserData, Winlogbeat's event_data and user_data, the record's own top level, then ECS fields.
 * Names are matched ignoring case, through one map built per record.
 */
function dataReader(root: JsonObject, winlog: JsonObject | null): (name: string) => unknown {
  const values = new Map<string, unknown>();
  const add = (source: JsonObject | null): void => {
    if (source === null) return;
    for (const key of Object.keys(source)) {
      const value = source[key];
      if (value === undefined || value === null) continue;
      const lower = key.toLowerCase();
      if (!values.has(lower)) values.set(lower, value);
    }
  };
  const eventData = field(root, 'EventData');
  add(typeof eventData === 'string' ? readXmlEventData(eventData) : flattenData(eventData));
  add(firstObjectValue(field(root, 'UserData')));
  add(isObject(field(winlog, 'event_data')) ? (field(winlog, 'event_data') as JsonObject) : null);
  add(isObject(field(winlog, 'user_data')) ? (field(winlog, 'user_data') as JsonObject) : null);
  add(root);
  return (name) => {
    const found = values.get(name.toLowerCase());
    // An ECS object at the root (`user`, `process`) is not the EventData field of that name.
    if (found !== undefined && !(winlog && isObject(found))) return found;
    return winlog ? (ecsAlias(root, name) ?? found) : found;
  };
}

/** EventData as a plain object: `{Data: [{Name, #text}]}` and `[{@Name, #text}]` become `{Name: text}`. */
function flattenData(value: unknown): JsonObject | null {
  if (value === undefined || value === null) return null;
  const items =
    isObject(value) && field(value, 'Data') !== undefined ? field(value, 'Data') : value;
  if (isObject(items) && attribute(items, 'Name') === undefined) return items;
  const out: JsonObject = {};
  for (const item of list(items)) {
    if (!isObject(item)) continue;
    const name = text(attribute(item, 'Name'));
    if (name !== null) out[name] = elementText(item) ?? field(item, 'text') ?? null;
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

/** True for PowerShell's logs (Operational, or the classic Windows PowerShell log). */
export function isPowerShell(event: WindowsEvent): boolean {
  return /powershell/i.test(event.channel ?? '') || /powershell/i.test(event.provider ?? '');
}

/**
 * True for the Security log. Sentinel's SecurityEvent rows may have no channel; their
 * provider is the security auditing one.
 */
export function isSecurity(event: WindowsEvent): boolean {
  return (
    (event.channel ?? '').toLowerCase() === 'security' ||
    /security-auditing/i.test(event.provider ?? '')
  );
}

/** The time and its field, in the order Vigil trusts them (see windows.ts). */
export function timeValue(event: WindowsEvent): { name: string; value: unknown } | null {
  const utc = event.data('UtcTime');
  if (utc !== undefined && utc !== null) return { name: 'UtcTime', value: utc };
  const created = field(event.system, 'TimeCreated');
  const systemTime = attribute(created, 'SystemTime');
  if (systemTime !== undefined) return { name: 'System.TimeCreated.SystemTime', value: systemTime };
  if (typeof created === 'string') return { name: 'TimeCreated', value: created };
  for (const name of ['@timestamp', 'TimeGenerated', 'EventTime', 'TimeCreated']) {
    const value = field(event.record, name);
    if (value !== undefined && value !== null) return { name, value };
  }
  return null;
}

/** `DOMAIN\user` from a user and a domain field pair, or null when there is no user. */
export function accountOf(event: WindowsEvent, user: string, domain: string): string | null {
  const name = text(event.data(user));
  if (name === null || name === '-') return null;
  const realm = text(event.data(domain));
  return realm !== null && realm !== '-' ? `${realm}\\${name}` : name;
}

/**
 * The account an event is done by: the Subject of Security events, the record's own user
 * fields in flat shapes (`AccountName`+`Domain`, Sentinel's `SubjectAccount`/`Account`,
 * Winlogbeat's `winlog.user`), else the `Security UserID` SID.
 */
export function systemAccount(event: WindowsEvent): string | null {
  const subject = accountOf(event, 'SubjectUserName', 'SubjectDomainName');
  if (subject !== null) return subject;
  const record = event.record;
  const accountName = text(field(record, 'AccountName'));
  const domain = text(field(record, 'Domain'));
  if (accountName !== null) return domain !== null ? `${domain}\\${accountName}` : accountName;
  const winlogUser = field(event.winlog, 'user');
  const winlogName = text(field(winlogUser, 'name'));
  if (winlogName !== null) {
    const winlogDomain = text(field(winlogUser, 'domain'));
    return winlogDomain !== null ? `${winlogDomain}\\${winlogName}` : winlogName;
  }
  return firstText(
    field(record, 'SubjectAccount'),
    field(record, 'Account'),
    field(record, 'UserName'),
    attribute(field(event.system, 'Security'), 'UserID'),
    at(record, 'Security', 'UserID'),
    field(record, 'Security UserID'),
    field(record, 'UserID'),
    field(winlogUser, 'identifier'),
  );
}
