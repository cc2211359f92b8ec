import type { Element, EvtxRecord, Instance, Node, Value } from './evtx-writer';
import { T } from './evtx-writer';

/**
 * Windows events as a test describes them, written two ways: as a binary .evtx record (a
 * System template shared by every event with the same data names, typed values substituted
 * like Windows does) and as the JSON `evtx_dump -o json` prints for that record.
 */
export interface WindowsEventSpec {
  recordId: number;
  provider: string;
  providerGuid: string;
  eventId: number;
  /** Classic providers (Service Control Manager) give EventID a Qualifiers attribute. */
  qualifiers?: number;
  channel: string;
  computer: string;
  /** ISO UTC with up to 6 fractional digits. */
  time: string;
  processId: number;
  threadId: number;
  userSid?: string;
  /** Named `<Data>` fields of EventData... */
  data?: Record<string, string>;
  /** ...or a UserData element (`LogFileCleared`) substituted as nested BinXML. */
  userData?: { name: string; fields: Record<string, string> };
}

const XMLNS = 'http://schemas.microsoft.com/win/2004/08/events/event';

function hashId(text: string): number {
  let h = 7;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

function systemTemplate(spec: WindowsEventSpec): Element {
  const dataNames = Object.keys(spec.data ?? {});
  const eventData: Node = spec.userData
    ? { name: 'UserData', children: [{ sub: 17 }] }
    : {
        name: 'EventData',
        children: dataNames.map((name, i) => ({
          name: 'Data',
          attributes: [['Name', name]] as Element['attributes'],
          children: [{ sub: 17 + i }],
        })),
      };
  return {
    name: 'Event',
    attributes: [['xmlns', XMLNS]],
    children: [
      {
        name: 'System',
        children: [
          {
            name: 'Provider',
            attributes: [
              ['Name', { sub: 0 }],
              ['Guid', { sub: 1 }],
            ],
          },
          {
            name: 'EventID',
            attributes: [['Qualifiers', { sub: 2, optional: true }]],
            children: [{ sub: 3 }],
          },
          { name: 'Version', children: [{ sub: 4 }] },
          { name: 'Level', children: [{ sub: 5 }] },
          { name: 'Task', children: [{ sub: 6 }] },
          { name: 'Opcode', children: [{ sub: 7 }] },
          { name: 'Keywords', children: [{ sub: 8 }] },
          { name: 'TimeCreated', attributes: [['SystemTime', { sub: 9 }]] },
          { name: 'EventRecordID', children: [{ sub: 10 }] },
          { name: 'Correlation', attributes: [['ActivityID', { sub: 11, optional: true }]] },
          {
            name: 'Execution',
            attributes: [
              ['ProcessID', { sub: 12 }],
              ['ThreadID', { sub: 13 }],
            ],
          },
          { name: 'Channel', children: [{ sub: 14 }] },
          { name: 'Computer', children: [{ sub: 15 }] },
          { name: 'Security', attributes: [['UserID', { sub: 16, optional: true }]] },
        ],
      },
      eventData,
    ],
  };
}

function userDataInstance(userData: NonNullable<WindowsEventSpec['userData']>): Instance {
  const names = Object.keys(userData.fields);
  return {
    id: hashId(`user:${userData.name}:${names.join(',')}`),
    template: {
      name: userData.name,
      attributes: [['xmlns', 'http://manifests.microsoft.com/win/2004/08/windows/eventlog']],
      children: names.map((name, i) => ({ name, children: [{ sub: i }] })),
    },
    values: names.map((name) => ({ type: T.string, value: userData.fields[name]! })),
  };
}

/** The binary record of an event. */
export function evtxRecord(spec: WindowsEventSpec): EvtxRecord {
  const dataNames = Object.keys(spec.data ?? {});
  const values: Value[] = [
    { type: T.string, value: spec.provider },
    { type: T.guid, value: spec.providerGuid },
    spec.qualifiers === undefined ? null : { type: T.uint16, value: spec.qualifiers },
    { type: T.uint16, value: spec.eventId },
    { type: T.uint8, value: 1 },
    { type: T.uint8, value: 4 },
    { type: T.uint16, value: 0 },
    { type: T.uint8, value: 0 },
    { type: T.hexInt64, value: 0x8000000000000000n },
    { type: T.fileTime, value: spec.time },
    { type: T.uint64, value: BigInt(spec.recordId) },
    null,
    { type: T.uint32, value: spec.processId },
    { type: T.uint32, value: spec.threadId },
    { type: T.string, value: spec.channel },
    { type: T.string, value: spec.computer },
    spec.userSid === undefined ? null : { type: T.sid, value: spec.userSid },
  ];
  if (spec.userData) values.push({ type: T.binXml, value: userDataInstance(spec.userData) });
  else for (const name of dataNames) values.push({ type: T.string, value: spec.data![name]! });
  const shape = spec.userData ? `user:${spec.userData.name}` : dataNames.join(',');
  return {
    recordId: spec.recordId,
    instance: { id: hashId(`system:${shape}`), template: systemTemplate(spec), values },
  };
}

/** `2024-05-02T08:15:30.123Z` as evtx_dump prints it: six fractional digits. */
function micros(iso: string): string {
  const [whole, fraction = ''] = iso.replace('Z', '').split('.');
  return `${whole}.${fraction.padEnd(6, '0').slice(0, 6)}Z`;
}

/** The JSON `evtx_dump -o json` prints for the same record. */
export function evtxDumpJson(spec: WindowsEventSpec): Record<string, unknown> {
  const system = {
    Provider: {
      '#attributes': {
        Name: spec.provider,
        Guid: spec.providerGuid.replace(/[{}]/g, '').toUpperCase(),
      },
    },
    EventID:
      spec.qualifiers === undefined
        ? spec.eventId
        : { '#attributes': { Qualifiers: spec.qualifiers }, '#text': spec.eventId },
    Version: 1,
    Level: 4,
    Task: 0,
    Opcode: 0,
    Keywords: '0x8000000000000000',
    TimeCreated: { '#attributes': { SystemTime: micros(spec.time) } },
    EventRecordID: spec.recordId,
    Correlation: null,
    Execution: { '#attributes': { ProcessID: spec.processId, ThreadID: spec.threadId } },
    Channel: spec.channel,
    Computer: spec.computer,
    Security: spec.userSid === undefined ? null : { '#attributes': { UserID: spec.userSid } },
  };
  const body = spec.userData
    ? {
        UserData: {
          [spec.userData.name]: {
            '#attributes': { xmlns: 'http://manifests.microsoft.com/win/2004/08/windows/eventlog' },
            ...spec.userData.fields,
          },
        },
      }
    : { EventData: { ...spec.data } };
  return { Event: { '#attributes': { xmlns: XMLNS }, System: system, ...body } };
}
