import { describe, expect, it } from 'vitest';

import { windowsParser } from '../../../src/server/ingest/parsers/windows';
import { parseOne, parseRecords } from './support/parse-records';
import { encode, sysmon, windowsOptions } from './support/windows-records';

describe('Windows parser: Sysmon and log clearing', () => {
  it("starts a process at Sysmon's UtcTime, with its command line, parent and user", () => {
    const event = parseOne(
      windowsParser,
      sysmon(1, {
        Image: 'C:\\Program Files\\7-Zip\\7z.exe',
        CommandLine:
          '"C:\\Program Files\\7-Zip\\7z.exe" a -pS3cret out.7z C:\\Users\\jdoe\\Documents\\Deals',
        ParentImage: 'C:\\Windows\\explorer.exe',
        Hashes: 'SHA1=0A1B,MD5=2C3D,SHA256=4E5F',
      }),
      windowsOptions,
    );
    expect(event).toMatchObject({
      source: 'windows',
      time: Date.parse('2024-05-02T02:12:44.093Z'),
      activity: 'process_start',
      classUid: 1007,
      activityId: 1,
      actorEmail: 'jane.doe@acme.com',
      actorId: 'ACME\\jdoe',
      device: { name: 'LAPTOP-JDOE.acme.local', removableMedia: false },
      process: {
        name: 'C:\\Program Files\\7-Zip\\7z.exe',
        parentName: 'C:\\Windows\\explorer.exe',
      },
      attributes: { hashes: { SHA1: '0A1B', MD5: '2C3D', SHA256: '4E5F' } },
    });
  });

  it('decodes -EncodedCommand and keeps the original command line', () => {
    const hidden = 'Set-MpPreference -DisableRealtimeMonitoring $true';
    const commandLine = `powershell.exe -NoP -W Hidden -enc  ${encode(hidden)}`;
    const event = parseOne(
      windowsParser,
      sysmon(1, {
        Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        CommandLine: commandLine,
      }),
      windowsOptions,
    );
    expect(event.process!.commandLine).toBe(commandLine);
    expect(event.attributes.decodedCommand).toBe(hidden);
    const short = parseOne(
      windowsParser,
      sysmon(1, { Image: 'pwsh.exe', CommandLine: `pwsh /e ${encode('whoami /all')}` }),
      windowsOptions,
    );
    expect(short.attributes.decodedCommand).toBe('whoami /all');
  });

  it('calls msiexec /i an app install', () => {
    const event = parseOne(
      windowsParser,
      sysmon(1, {
        Image: 'C:\\Windows\\System32\\msiexec.exe',
        CommandLine: 'msiexec.exe /i C:\\Users\\jdoe\\Downloads\\AnyDesk.msi /qn',
      }),
      windowsOptions,
    );
    expect(event.activity).toBe('app_install');
  });

  it('turns a file written to a removable drive into a USB write', () => {
    const write = (TargetFilename: string, host = 'LAPTOP-JDOE.acme.local') =>
      sysmon(11, {
        Image: 'C:\\Windows\\explorer.exe',
        TargetFilename,
        CreationUtcTime: '2024-05-02 02:12:44.093',
        Hostname: host,
      });
    const { events } = parseRecords(
      windowsParser,
      [
        write('E:\\deals\\pricing.xlsx'),
        write('C:\\Users\\jdoe\\Desktop\\pricing.xlsx'),
        write('D:\\pricing.xlsx'),
        write('D:\\Program Files\\Tool\\cache.bin', 'WORKSTATION-2'),
        write('D:\\export\\pricing.xlsx', 'WORKSTATION-2'),
        write('\\Device\\Harddisk1\\DR1\\pricing.xlsx'),
      ],
      windowsOptions,
    );
    expect(
      events.map((event) => [
        event.activity,
        event.file?.destination,
        event.device?.removableMedia,
      ]),
    ).toEqual([
      ['usb_write', 'usb', true],
      ['file_create', null, false],
      ['usb_write', 'usb', true],
      ['file_create', null, false],
      ['file_create', null, false],
      ['usb_write', 'usb', true],
    ]);
    expect(events[0]).toMatchObject({
      classUid: 1001,
      activityId: 1,
      file: { name: 'pricing.xlsx', path: 'E:\\deals\\pricing.xlsx' },
    });
  });

  it('honours a configured list of removable drives', () => {
    const event = parseOne(
      windowsParser,
      sysmon(11, { TargetFilename: 'D:\\pricing.xlsx', Image: 'C:\\Windows\\explorer.exe' }),
      { ...windowsOptions, removableDrives: ['X:'] },
    );
    expect(event.activity).toBe('usb_write');
    const onX = parseOne(windowsParser, sysmon(11, { TargetFilename: 'X:\\a.txt' }), {
      ...windowsOptions,
      removableDrives: ['X:'],
    });
    expect(onX.activity).toBe('usb_write');
    const onE = parseOne(windowsParser, sysmon(11, { TargetFilename: 'E:\\a.txt' }), {
      ...windowsOptions,
      removableDrives: ['X:'],
    });
    expect(onE.activity).toBe('file_create');
  });

  it('maps Sysmon file deletions', () => {
    const event = parseOne(
      windowsParser,
      sysmon(23, {
        TargetFilename: 'C:\\Users\\jdoe\\Documents\\Deals\\pipeline.xlsx',
        Archived: 'true',
      }),
      windowsOptions,
    );
    expect(event).toMatchObject({
      activity: 'file_delete',
      classUid: 1001,
      activityId: 4,
      file: { name: 'pipeline.xlsx' },
    });
  });

  it('maps event log clearing, and keeps a logon of the computer as a generic event', () => {
    const security = {
      System: {
        Provider: { Name: 'Microsoft-Windows-Eventlog' },
        EventID: 1102,
        TimeCreated: { SystemTime: '2024-05-02T03:00:00.000Z' },
        EventRecordID: 7781,
        Channel: 'Security',
        Computer: 'LAPTOP-JDOE.acme.local',
      },
      UserData: {
        LogFileCleared: {
          SubjectUserSid: 'S-1-5-21-1',
          SubjectUserName: 'jdoe',
          SubjectDomainName: 'ACME',
        },
      },
    };
    const system = {
      ...security,
      System: { ...security.System, EventID: 104, Channel: 'System', EventRecordID: 7782 },
      UserData: {
        LogFileCleared: {
          SubjectUserName: 'jdoe',
          SubjectDomainName: 'ACME',
          Channel: 'Windows PowerShell',
        },
      },
    };
    const logon = {
      ...security,
      System: { ...security.System, EventID: 4624, EventRecordID: 7783 },
    };
    const outcome = parseRecords(windowsParser, [security, system, logon], windowsOptions);
    expect(outcome.events.map((event) => [event.activity, event.target, event.actorEmail])).toEqual(
      [
        ['log_clear', 'Security', 'jane.doe@acme.com'],
        ['log_clear', 'Windows PowerShell', 'jane.doe@acme.com'],
        ['other', null, 'jane.doe@acme.com'],
      ],
    );
    expect(outcome.events[0]!.sourceEventId).toBe('LAPTOP-JDOE.acme.local:Security:1102:7781');
    expect(outcome.events[2]!.action).toMatch(/^Security 4624/);
    expect(outcome.skipped).toEqual([]);
  });

  it('rejects events without a time, without user or computer, and non-Windows records', () => {
    const { errors } = parseRecords(
      windowsParser,
      [
        sysmon(1, { UtcTime: undefined, TimeCreated: undefined }),
        sysmon(1, { User: undefined, Hostname: undefined }),
        sysmon(1, { UtcTime: '2024-13-40 99:00:00' }),
        { eventType: 'user.session.start' },
      ],
      windowsOptions,
    );
    expect(errors.map((error) => error.message)).toEqual([
      "record 1: no time: Windows events need `TimeCreated` (or Sysmon's `UtcTime`)",
      'record 2: no actor: Windows events need a user (`User`, `SubjectUserName`, `Security UserID`) or a computer name',
      'record 3: unreadable time: `UtcTime` is "2024-13-40 99:00:00", expected an ISO-8601 time such as 2024-05-01T09:30:00Z',
      'record 4: not a Windows event: it has no `EventID` (nor `System.EventID` or `winlog.event_id`)',
    ]);
  });
});
