import { genericEventClass } from './activity-catalog';
import type { EventDraft } from './event-builder';
import { eventKind } from './windows-names';
import type { WindowsEvent } from './windows-record';

/*
 * Windows events no finding reads (Sysmon 7 image loads, 10 process access, 13 registry values,
 * Security 4656/4658/4663/4690/5156, any other channel's) still become events: generic ones,
 * activity `other`, the event's own kind as `action` ("Sysmon 7 image load"), so Sigma rules,
 * the timeline, hunting and pins reach them. Their well-known EventData fields go into the
 * attribute bag (only those present; the whole record stays in `raw`), the object they are
 * about into `target` and the acting program into `process_name`, the columns event search reads.
 */

/** EventData fields kept as attributes, by the name Sigma rules use. */
const KEPT_FIELDS = [
  'Image',
  'ImageLoaded',
  'OriginalFileName',
  'Signed',
  'Signature',
  'SignatureStatus',
  'Hashes',
  'TargetObject',
  'Details',
  'EventType',
  'SourceImage',
  'TargetImage',
  'GrantedAccess',
  'CallTrace',
  'ObjectName',
  'ObjectType',
  'ObjectServer',
  'AccessMask',
  'AccessList',
  'HandleId',
  'ProcessName',
  'Application',
  'Direction',
  'Protocol',
  'SourceAddress',
  'SourcePort',
  'DestAddress',
  'DestPort',
  'DestinationIp',
  'DestinationPort',
  'QueryName',
  'QueryResults',
  'PipeName',
  'ServiceName',
  'TaskName',
  'TargetUserName',
  'TargetDomainName',
  'LogonType',
  'IpAddress',
  'Status',
  'User',
  'StartModule',
  'StartFunction',
] as const;

/** Where the object an event is about is found, in order. */
const TARGET_FIELDS = [
  'TargetObject',
  'ImageLoaded',
  'ObjectName',
  'TargetImage',
  'QueryName',
  'PipeName',
  'ServiceName',
  'TaskName',
  'DestAddress',
  'DestinationIp',
  'TargetUserName',
];
/** Where the acting program is found, in order. */
const PROCESS_FIELDS = ['Image', 'SourceImage', 'ProcessName', 'Application'];

function scalar(value: unknown): string | number | boolean | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function first(event: WindowsEvent, names: readonly string[]): string | null {
  for (const name of names) {
    const value = scalar(event.data(name));
    if (value !== null) return String(value);
  }
  return null;
}

/** The draft of a generic event, without time and actor (the caller's, as for any event). */
export function genericWindowsDraft(
  event: WindowsEvent,
): Pick<
  EventDraft,
  | 'activity'
  | 'classification'
  | 'action'
  | 'outcome'
  | 'target'
  | 'process'
  | 'device'
  | 'attributes'
> {
  const attributes: Record<string, unknown> = {
    eventId: event.eventId,
    channel: event.channel ?? undefined,
    provider: event.provider ?? undefined,
  };
  for (const name of KEPT_FIELDS) {
    const value = scalar(event.data(name));
    if (value !== null) attributes[name] = value;
  }
  const processPath = first(event, PROCESS_FIELDS);
  return {
    activity: 'other',
    classification: genericEventClass,
    action: eventKind(event),
    outcome: 'unknown',
    target: first(event, TARGET_FIELDS),
    process: processPath === null ? null : { name: processPath },
    device: event.computer === null ? null : { name: event.computer },
    attributes,
  };
}
