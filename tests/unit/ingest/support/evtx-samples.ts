import type { WindowsEventSpec } from './evtx-records';
import { evtxRecord } from './evtx-records';
import { evtxFile } from './evtx-writer';

const HOST = 'LAPTOP-JDOE.acme.local';
const JANE = 'S-1-5-21-1004336348-1177238915-682003330-1104';
const SYSMON = {
  provider: 'Microsoft-Windows-Sysmon',
  providerGuid: '{5770385F-C22A-43E0-BF4C-06F5698FFBD9}',
  channel: 'Microsoft-Windows-Sysmon/Operational',
};
const SECURITY = {
  provider: 'Microsoft-Windows-Security-Auditing',
  providerGuid: '{54849625-5478-4994-A5BA-3E3B0328C30D}',
  channel: 'Security',
};

/** One record of each Windows channel Vigil reads, with the kinds it maps and some it keeps generic. */
export const specs: WindowsEventSpec[] = [
  {
    recordId: 1,
    provider: 'Service Control Manager',
    providerGuid: '{555908D1-A6D7-4695-8E1E-26931D2012F4}',
    eventId: 7045,
    qualifiers: 16384,
    channel: 'System',
    computer: HOST,
    time: '2024-05-02T08:00:01.250Z',
    processId: 640,
    threadId: 7132,
    userSid: JANE,
    data: {
      ServiceName: 'Updater',
      ImagePath: 'C:\\Users\\jdoe\\AppData\\Local\\Temp\\upd.exe',
      ServiceType: 'user mode service',
      StartType: 'auto start',
      AccountName: 'LocalSystem',
    },
  },
  {
    recordId: 2,
    ...SECURITY,
    eventId: 4624,
    computer: HOST,
    time: '2024-05-02T08:15:30.123456Z',
    processId: 712,
    threadId: 3340,
    data: {
      SubjectUserSid: 'S-1-5-18',
      SubjectUserName: 'LAPTOP-JDOE$',
      SubjectDomainName: 'ACME',
      TargetUserSid: JANE,
      TargetUserName: 'jdoe',
      TargetDomainName: 'ACME',
      LogonType: '10',
      IpAddress: '203.0.113.7',
      IpPort: '50123',
      WorkstationName: 'HOME-PC',
    },
  },
  {
    recordId: 3,
    ...SECURITY,
    eventId: 4663,
    computer: HOST,
    time: '2024-05-02T08:16:00Z',
    processId: 4,
    threadId: 88,
    data: {
      SubjectUserSid: JANE,
      SubjectUserName: 'jdoe',
      SubjectDomainName: 'ACME',
      ObjectType: 'File',
      ObjectName: 'C:\\Deals\\q3-pipeline.xlsx',
      AccessList: '%%4416',
      AccessMask: '0x1',
      ProcessName: 'C:\\Windows\\explorer.exe',
    },
  },
  {
    recordId: 4,
    provider: 'Microsoft-Windows-Eventlog',
    providerGuid: '{FC65DDD8-D6EF-4962-83D5-6E5CFE9CE148}',
    eventId: 1102,
    channel: 'Security',
    computer: HOST,
    time: '2024-05-02T09:00:00.5Z',
    processId: 1212,
    threadId: 5050,
    userData: {
      name: 'LogFileCleared',
      fields: {
        SubjectUserSid: JANE,
        SubjectUserName: 'jdoe',
        SubjectDomainName: 'ACME',
        SubjectLogonId: '0x3e7',
      },
    },
  },
  {
    recordId: 5,
    ...SYSMON,
    eventId: 1,
    computer: HOST,
    time: '2024-05-02T02:12:44.100Z',
    processId: 3100,
    threadId: 4120,
    userSid: 'S-1-5-18',
    data: {
      RuleName: '-',
      UtcTime: '2024-05-02 02:12:44.093',
      ProcessGuid: '{1a2b3c4d-5e6f-6633-2c01-000000000a00}',
      ProcessId: '6172',
      Image: 'C:\\Program Files\\7-Zip\\7z.exe',
      CommandLine: '"C:\\Program Files\\7-Zip\\7z.exe" a out.7z C:\\Deals',
      User: 'ACME\\jdoe',
      ParentImage: 'C:\\Windows\\explorer.exe',
    },
  },
  {
    recordId: 6,
    ...SYSMON,
    eventId: 7,
    computer: HOST,
    time: '2024-05-02T02:13:00Z',
    processId: 3100,
    threadId: 4120,
    data: {
      RuleName: '-',
      UtcTime: '2024-05-02 02:13:00.001',
      ProcessGuid: '{1a2b3c4d-5e6f-6633-2c01-000000000a00}',
      ProcessId: '6172',
      Image: 'C:\\Windows\\System32\\rundll32.exe',
      ImageLoaded: 'C:\\Windows\\System32\\comsvcs.dll',
      Signed: 'true',
      User: 'ACME\\jdoe',
    },
  },
  {
    recordId: 7,
    ...SYSMON,
    eventId: 13,
    computer: HOST,
    time: '2024-05-02T02:14:00Z',
    processId: 3100,
    threadId: 4120,
    data: {
      RuleName: '-',
      EventType: 'SetValue',
      UtcTime: '2024-05-02 02:14:00.500',
      ProcessGuid: '{1a2b3c4d-5e6f-6633-2c01-000000000a00}',
      ProcessId: '6172',
      Image: 'C:\\Users\\jdoe\\AppData\\Local\\Temp\\upd.exe',
      TargetObject: 'HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\upd',
      Details: 'C:\\Users\\jdoe\\AppData\\Local\\Temp\\upd.exe',
      User: 'ACME\\jdoe',
    },
  },
  {
    recordId: 8,
    provider: 'Microsoft-Windows-PowerShell',
    providerGuid: '{A0C1853B-5C40-4B15-8766-3CF1C58F985A}',
    eventId: 4104,
    channel: 'Microsoft-Windows-PowerShell/Operational',
    computer: HOST,
    time: '2024-05-02T02:20:00Z',
    processId: 4400,
    threadId: 4404,
    userSid: JANE,
    data: {
      MessageNumber: '1',
      MessageTotal: '1',
      ScriptBlockText: 'Set-MpPreference -DisableRealtimeMonitoring $true # “quoted” ünïcode',
      ScriptBlockId: '{0c8fd1d1-1b7a-4a8a-9d2b-5d1f3e2a9c11}',
      Path: '',
    },
  },
];

/** A .evtx file of `count` records cycling through {@link specs}, each with its own record id. */
export function manyRecordsFile(count: number, firstId = 1): Buffer {
  const many: WindowsEventSpec[] = [];
  for (let i = 0; i < count; i += 1) {
    many.push({ ...specs[i % specs.length]!, recordId: firstId + i });
  }
  return evtxFile(many.map(evtxRecord), () => '2024-05-02T00:00:00Z');
}
