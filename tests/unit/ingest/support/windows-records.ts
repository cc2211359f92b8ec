import type { ParserOptions } from '../../../../src/server/ingest/parsers/parser';
import { acmeOptions } from './parse-records';

const accounts: Record<string, string> = {
  'ACME\\jdoe': 'jane.doe@acme.com',
  'S-1-5-21-1004336348-1177238915-682003330-1104': 'jane.doe@acme.com',
};
/** Acme's options with Jane's Windows account and SID mapped to her email. */
export const windowsOptions: Partial<ParserOptions> = {
  ...acmeOptions,
  accountToEmail: (account: string) => accounts[account] ?? null,
};

/** A Sysmon event as OTRF/NXLog export it: EventData flattened next to the System fields. */
export function sysmon(eventId: number, data: Record<string, unknown>): Record<string, unknown> {
  return {
    SourceName: 'Microsoft-Windows-Sysmon',
    ProviderGuid: '{5770385f-c22a-43e0-bf4c-06f5698ffbd9}',
    Channel: 'Microsoft-Windows-Sysmon/Operational',
    Hostname: 'LAPTOP-JDOE.acme.local',
    EventID: eventId,
    // Collected with the wrong zone: hours away from Sysmon's own UtcTime.
    TimeCreated: '2024-05-01T19:12:44.100Z',
    RuleName: '-',
    UtcTime: '2024-05-02 02:12:44.093',
    ProcessGuid: '{1a2b3c4d-5e6f-6633-2c01-000000000a00}',
    ProcessId: '6172',
    User: 'ACME\\jdoe',
    ...data,
  };
}

/** A 4104 record in the nested shape (System and EventData objects). */
export function scriptBlock(
  id: string,
  number: number,
  total: number,
  text: string,
  time = '2024-05-02T02:20:00.000Z',
) {
  return {
    System: {
      Provider: {
        Name: 'Microsoft-Windows-PowerShell',
        Guid: '{A0C1853B-5C40-4B15-8766-3CF1C58F985A}',
      },
      EventID: 4104,
      Level: 5,
      Task: 2,
      TimeCreated: { SystemTime: time },
      EventRecordID: 90210 + number,
      Channel: 'Microsoft-Windows-PowerShell/Operational',
      Computer: 'LAPTOP-JDOE.acme.local',
      Security: { UserID: 'S-1-5-21-1004336348-1177238915-682003330-1104' },
    },
    EventData: {
      MessageNumber: number,
      MessageTotal: total,
      ScriptBlockText: text,
      ScriptBlockId: id,
      Path: '',
    },
  };
}

/** Base64 of UTF-16LE, as PowerShell's -EncodedCommand takes it. */
export const encode = (script: string): string => Buffer.from(script, 'utf16le').toString('base64');
