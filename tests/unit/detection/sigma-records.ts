import { randomUUID } from 'node:crypto';

import { githubParser } from '../../../src/server/ingest/parsers/github';
import { googleWorkspaceParser } from '../../../src/server/ingest/parsers/google-workspace';
import { m365Parser } from '../../../src/server/ingest/parsers/m365';
import { oktaParser } from '../../../src/server/ingest/parsers/okta';
import type { SourceParser } from '../../../src/server/ingest/parsers/parser';
import { windowsParser } from '../../../src/server/ingest/parsers/windows';
import type { NormalizedEvent } from '../../../src/shared/events';
import { parseRecords } from '../ingest/support/parse-records';
import { DAY, T0 } from './support';

/*
 * Source records, as the systems write them, for the Sigma rules to be tested against what the
 * parsers really make of them (which field lands where), not against hand-made events.
 */

const iso = (time: number) => new Date(time).toISOString();
let recordNumber = 1000;

/** A Sysmon event (flattened, as NXLog and OTRF write them) on E1's laptop. */
export function sysmon(eventId: number, time: number, data: Record<string, unknown>) {
  return {
    SourceName: 'Microsoft-Windows-Sysmon',
    Channel: 'Microsoft-Windows-Sysmon/Operational',
    Hostname: 'LAPTOP-E1.corp.example',
    EventID: eventId,
    EventRecordID: ++recordNumber,
    UtcTime: iso(time).replace('T', ' ').replace('Z', ''),
    ProcessGuid: '{1a2b3c4d-5e6f-6633-2c01-000000000a00}',
    User: 'CORP\\e1',
    ...data,
  };
}

/** A Security log event, the subject CORP\e1. */
export function security(eventId: number, time: number, data: Record<string, unknown> = {}) {
  return {
    SourceName: 'Microsoft-Windows-Security-Auditing',
    Channel: 'Security',
    Hostname: 'LAPTOP-E1.corp.example',
    EventID: eventId,
    EventRecordID: ++recordNumber,
    TimeCreated: iso(time),
    SubjectUserName: 'e1',
    SubjectDomainName: 'CORP',
    ...data,
  };
}

/** System 104: a log cleared. */
export function systemLogCleared(time: number) {
  return {
    SourceName: 'Microsoft-Windows-Eventlog',
    Channel: 'System',
    Hostname: 'LAPTOP-E1.corp.example',
    EventID: 104,
    EventRecordID: ++recordNumber,
    TimeCreated: iso(time),
    SubjectUserName: 'e1',
    SubjectDomainName: 'CORP',
    Message: 'The Application log file was cleared.',
  };
}

/** A one-part PowerShell 4104 script block. */
export function scriptBlock(time: number, text: string, path = '') {
  return {
    System: {
      Provider: { Name: 'Microsoft-Windows-PowerShell' },
      EventID: 4104,
      TimeCreated: { SystemTime: iso(time) },
      EventRecordID: ++recordNumber,
      Channel: 'Microsoft-Windows-PowerShell/Operational',
      Computer: 'LAPTOP-E1.corp.example',
      Security: { UserID: 'S-1-5-21-1-2-3-1104' },
    },
    EventData: {
      MessageNumber: 1,
      MessageTotal: 1,
      ScriptBlockText: text,
      ScriptBlockId: randomUUID(),
      Path: path,
    },
  };
}

/** A PowerShell 4103 module logging record. */
export function moduleLog(time: number, command: string, payload: string) {
  return {
    SourceName: 'Microsoft-Windows-PowerShell',
    Channel: 'Microsoft-Windows-PowerShell/Operational',
    Hostname: 'LAPTOP-E1.corp.example',
    EventID: 4103,
    EventRecordID: ++recordNumber,
    TimeCreated: iso(time),
    ContextInfo: `        Severity = Informational\r\n        Host Name = ConsoleHost\r\n        Host Application = powershell.exe\r\n        Command Name = ${command}\r\n        Command Type = Cmdlet\r\n        User = CORP\\e1\r\n`,
    Payload: payload,
  };
}

/** An Okta System Log event by e1. */
export function okta(eventType: string, time: number, result = 'SUCCESS') {
  return {
    uuid: randomUUID(),
    published: iso(time),
    eventType,
    displayMessage: eventType,
    severity: 'INFO',
    actor: { id: '00u1', type: 'User', alternateId: 'e1@corp.example', displayName: 'E1' },
    client: { ipAddress: '198.51.100.4' },
    outcome: { result },
    target: [{ id: '00u1', type: 'User', alternateId: 'e1@corp.example', displayName: 'E1' }],
  };
}

/** A Microsoft 365 Unified Audit Log record by e1. */
export function m365(operation: string, time: number, extra: Record<string, unknown> = {}) {
  return {
    Id: randomUUID(),
    CreationTime: iso(time).replace('Z', ''),
    Operation: operation,
    Workload: 'Exchange',
    RecordType: 1,
    UserId: 'e1@corp.example',
    ResultStatus: 'True',
    ClientIP: '198.51.100.4',
    ...extra,
  };
}

/** A SharePoint download of `size` bytes. */
export function sharePointDownload(time: number, size: number, operation = 'FileDownloaded') {
  return m365(operation, time, {
    Workload: 'SharePoint',
    RecordType: 6,
    ResultStatus: undefined,
    SourceFileName: `report-${++recordNumber}.xlsx`,
    SiteUrl: 'https://corp.sharepoint.com/sites/finance',
    SourceRelativeUrl: 'Shared Documents',
    FileSizeBytes: size,
  });
}

/** A Google Workspace Reports activity by e1. */
export function google(name: string, time: number, application = 'admin') {
  return {
    kind: 'admin#reports#activity',
    id: { time: iso(time), uniqueQualifier: String(++recordNumber), applicationName: application },
    actor: { email: 'e1@corp.example', profileId: '1001' },
    ipAddress: '198.51.100.4',
    events: [
      {
        type: 'DELEGATED_ADMIN_SETTINGS',
        name,
        parameters: [{ name: 'USER_EMAIL', value: 'e2@corp.example' }],
      },
    ],
  };
}

/** A GitHub audit log event by e1's login. */
export function github(action: string, time: number, extra: Record<string, unknown> = {}) {
  return {
    '@timestamp': time,
    _document_id: randomUUID(),
    action,
    actor: 'e1-corp',
    actor_email: 'e1@corp.example',
    org: 'corp',
    repo: 'corp/payments',
    ...extra,
  };
}

/** Which parser reads which builder's records. */
export const PARSERS = {
  windows: windowsParser,
  okta: oktaParser,
  m365: m365Parser,
  google: googleWorkspaceParser,
  github: githubParser,
} as const satisfies Record<string, SourceParser>;

/** Parses records with the real parser; fails on anything it rejects. */
export function eventsOf(parser: SourceParser, records: unknown[]): NormalizedEvent[] {
  const outcome = parseRecords(parser, records, {
    companyDomains: ['corp.example'],
    now: T0 + 60 * DAY,
    accountToEmail: (account) => (account.toLowerCase() === 'corp\\e1' ? 'e1@corp.example' : null),
  });
  if (outcome.errors.length > 0) throw new Error(outcome.errors.map((e) => e.message).join('\n'));
  if (outcome.skipped.length > 0) throw new Error(`Skipped: ${outcome.skipped.join('; ')}`);
  return outcome.events;
}
