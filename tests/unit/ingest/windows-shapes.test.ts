import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { openRecords } from '../../../src/server/ingest/framing/read-records';
import { windowsParser } from '../../../src/server/ingest/parsers/windows';
import { parseRecords } from './support/parse-records';
import { windowsOptions } from './support/windows-records';

/*
 * One logon (Security 4624: ACME\jdoe, type 10 from 203.0.113.7 to LAPTOP-JDOE) written in each
 * shape Windows events are exported in. Every shape must give the same event.
 */
const TIME = '2024-05-02T08:15:30.123Z';
const COMPUTER = 'LAPTOP-JDOE.acme.local';
const DATA: Record<string, string> = {
  SubjectUserSid: 'S-1-5-18',
  SubjectUserName: 'LAPTOP-JDOE$',
  SubjectDomainName: 'ACME',
  TargetUserSid: 'S-1-5-21-1004336348-1177238915-682003330-1104',
  TargetUserName: 'jdoe',
  TargetDomainName: 'ACME',
  LogonType: '10',
  LogonProcessName: 'User32',
  AuthenticationPackageName: 'Negotiate',
  WorkstationName: 'HOME-PC',
  IpAddress: '203.0.113.7',
  IpPort: '50123',
};

/** evtx_dump (Rust) JSON: the Event wrapper, attributes under #attributes, EventData an object. */
const evtxDump = {
  Event: {
    '#attributes': { xmlns: 'http://schemas.microsoft.com/win/2004/08/events/event' },
    System: {
      Provider: {
        '#attributes': {
          Name: 'Microsoft-Windows-Security-Auditing',
          Guid: '54849625-5478-4994-A5BA-3E3B0328C30D',
        },
      },
      EventID: 4624,
      Version: 2,
      Level: 0,
      Task: 12544,
      TimeCreated: { '#attributes': { SystemTime: TIME } },
      EventRecordID: 5012,
      Execution: { '#attributes': { ProcessID: 712, ThreadID: 3340 } },
      Channel: 'Security',
      Computer: COMPUTER,
      Security: null,
    },
    EventData: DATA,
  },
};

/** python-evtx through xmltodict: @-attributes, EventID as {#text}, Data as [{@Name, #text}]. */
const pythonEvtx = {
  Event: {
    '@xmlns': 'http://schemas.microsoft.com/win/2004/08/events/event',
    System: {
      Provider: { '@Name': 'Microsoft-Windows-Security-Auditing', '@Guid': '{54849625}' },
      EventID: { '@Qualifiers': '', '#text': '4624' },
      TimeCreated: { '@SystemTime': TIME.replace('T', ' ').replace('Z', '+00:00') },
      EventRecordID: '5012',
      Channel: 'Security',
      Computer: COMPUTER,
    },
    EventData: {
      Data: Object.entries(DATA).map(([name, value]) => ({ '@Name': name, '#text': value })),
    },
  },
};

/** Winlogbeat / Elastic Agent: winlog.* with event_data, @timestamp, host.name, ECS event. */
const winlogbeat = {
  '@timestamp': TIME,
  event: { code: '4624', provider: 'Microsoft-Windows-Security-Auditing', kind: 'event' },
  host: { name: 'laptop-jdoe' },
  winlog: {
    channel: 'Security',
    event_id: '4624',
    provider_name: 'Microsoft-Windows-Security-Auditing',
    computer_name: COMPUTER,
    record_id: 5012,
    event_data: DATA,
    logon: { type: 'RemoteInteractive' },
  },
  source: { ip: '203.0.113.7' },
};

/** NXLog flattened: EventData beside the System fields, local EventTime. */
const nxlog = {
  EventTime: '2024-05-02 08:15:30',
  Hostname: COMPUTER,
  host: 'wec01.acme.local',
  Keywords: -9214364837600035000,
  SourceName: 'Microsoft-Windows-Security-Auditing',
  Channel: 'Security',
  EventID: 4624,
  RecordNumber: 5012,
  TimeCreated: TIME,
  ...DATA,
};

/** Microsoft Sentinel SecurityEvent row: flat columns and EventData as an XML string. */
const sentinel = {
  TenantId: '00000000-0000-0000-0000-000000000000',
  TimeGenerated: TIME,
  SourceSystem: 'OpsManager',
  Account: 'ACME\\jdoe',
  AccountType: 'User',
  Computer: COMPUTER,
  EventSourceName: 'Microsoft-Windows-Security-Auditing',
  Channel: 'Security',
  Task: 12544,
  Level: '8',
  EventID: 4624,
  Activity: '4624 - An account was successfully logged on.',
  LogonType: 10,
  IpAddress: '203.0.113.7',
  EventData: `<EventData xmlns="http://schemas.microsoft.com/win/2004/08/events/event">${Object.entries(
    DATA,
  )
    .map(([name, value]) => `<Data Name="${name}">${value}</Data>`)
    .join('')}</EventData>`,
  Type: 'SecurityEvent',
};

describe('Windows events in every export shape', () => {
  const shapes = { evtxDump, pythonEvtx, winlogbeat, nxlog, sentinel };

  it.each(Object.entries(shapes))('%s: the logon becomes the same event', (_name, record) => {
    const { events, skipped, errors } = parseRecords(windowsParser, [record], windowsOptions);
    expect(errors.map((e) => e.message)).toEqual([]);
    expect(skipped).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: 'windows',
      activity: 'login',
      category: 'auth',
      outcome: 'success',
      action: '4624 Logon',
      time: Date.parse(TIME),
      actorEmail: 'jane.doe@acme.com',
      actorId: 'ACME\\jdoe',
      ip: '203.0.113.7',
      device: { name: COMPUTER },
      attributes: {
        logonType: 10,
        logonTypeName: 'RemoteInteractive',
        remote: true,
        sourceWorkstation: 'HOME-PC',
      },
    });
    if (record !== sentinel) {
      expect(events[0]!.sourceEventId).toBe(`${COMPUTER}:Security:4624:5012`);
    }
  });

  it('reads an Elastic Agent Sysmon record whose fields Elastic moved into ECS', () => {
    const elastic = {
      '@timestamp': '2024-05-02T02:12:44.093Z',
      event: { code: '1', provider: 'Microsoft-Windows-Sysmon', category: ['process'] },
      host: { name: 'laptop-jdoe' },
      winlog: {
        channel: 'Microsoft-Windows-Sysmon/Operational',
        event_id: '1',
        provider_name: 'Microsoft-Windows-Sysmon',
        computer_name: COMPUTER,
        record_id: '77',
        event_data: { RuleName: '-', IntegrityLevel: 'Medium' },
      },
      process: {
        executable: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        command_line: 'powershell.exe -nop -w hidden',
        parent: { executable: 'C:\\Windows\\explorer.exe' },
      },
      user: { domain: 'ACME', name: 'jdoe' },
    };
    const { events } = parseRecords(windowsParser, [elastic], windowsOptions);
    expect(events[0]).toMatchObject({
      activity: 'process_start',
      actorEmail: 'jane.doe@acme.com',
      process: {
        name: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        commandLine: 'powershell.exe -nop -w hidden',
        parentName: 'C:\\Windows\\explorer.exe',
      },
      attributes: { integrityLevel: 'Medium' },
    });
  });

  it('reads Elastic 4104 script blocks from powershell.file.*', () => {
    const part = (n: number, text: string) => ({
      '@timestamp': '2024-05-02T02:20:00.000Z',
      event: { code: '4104' },
      winlog: {
        channel: 'Microsoft-Windows-PowerShell/Operational',
        event_id: 4104,
        computer_name: COMPUTER,
        record_id: 900 + n,
        user: { identifier: 'S-1-5-21-1004336348-1177238915-682003330-1104' },
      },
      powershell: {
        file: { script_block_id: 'b7a5e0c2-0d35-4c0b-9f3e-1f1f1f1f1f1f', script_block_text: text },
        sequence: n,
        total: 2,
      },
    });
    const { events, skipped } = parseRecords(
      windowsParser,
      [part(2, 'Write-Host done'), part(1, 'Get-Process; ')],
      windowsOptions,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      activity: 'script_exec',
      actorEmail: 'jane.doe@acme.com',
      process: { commandLine: 'Get-Process; Write-Host done' },
    });
    expect(skipped).toHaveLength(1);
  });

  it('frames pretty-printed objects one after another, and JSON arrays, into records', async () => {
    const read = async (text: string) => {
      const opened = await openRecords(Readable.from([Buffer.from(text)]));
      const values: unknown[] = [];
      for await (const item of opened.records) if (item.ok) values.push(item.value);
      return values;
    };
    const concatenated = `${JSON.stringify(evtxDump, null, 2)}\n${JSON.stringify(pythonEvtx, null, 2)}\n`;
    const array = JSON.stringify([winlogbeat, sentinel], null, 2);
    for (const records of [await read(concatenated), await read(array)]) {
      expect(records).toHaveLength(2);
      const { events } = parseRecords(windowsParser, records, windowsOptions);
      expect(events.map((event) => event.activity)).toEqual(['login', 'login']);
    }
  });
});
