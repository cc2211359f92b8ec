import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { windowsParser } from '../../../src/server/ingest/parsers/windows';
import { openParse } from '../../../src/server/ingest/pipeline/parse-setup';
import { readBatch } from '../../../src/server/ingest/pipeline/read-batch';
import { recordStream } from '../../../src/server/ingest/pipeline/record-stream';
import type { EventValues } from '../../../src/server/ingest/store/event-row';
import { EVENT_COLUMNS } from '../../../src/server/ingest/store/event-row';
import type { BatchStage } from '../../../src/server/ingest/store/staged-rows';
import { parseRecords } from './support/parse-records';
import { sysmon, windowsOptions } from './support/windows-records';

const imageLoad = sysmon(7, {
  Image: 'C:\\Windows\\System32\\rundll32.exe',
  ImageLoaded: 'C:\\Windows\\System32\\comsvcs.dll',
  Signed: 'true',
  User: 'ACME\\jdoe',
});
const registry = sysmon(13, {
  EventType: 'SetValue',
  Image: 'C:\\Windows\\regedit.exe',
  TargetObject: 'HKU\\S-1-5-21\\Software\\Acme\\Setting',
  Details: 'DWORD (0x00000001)',
  User: 'ACME\\jdoe',
});
const otherChannel = {
  System: {
    Provider: { Name: 'Microsoft-Windows-TaskScheduler' },
    EventID: 200,
    TimeCreated: { SystemTime: '2024-05-02T03:00:00.000Z' },
    EventRecordID: 55,
    Channel: 'Microsoft-Windows-TaskScheduler/Operational',
    Computer: 'LAPTOP-JDOE.acme.local',
  },
  EventData: { TaskName: '\\Updater', ActionName: 'C:\\tool.exe' },
};

describe('Windows events no finding reads', () => {
  it('become generic events: activity other, their kind as action, their fields as attributes', () => {
    const outcome = parseRecords(
      windowsParser,
      [imageLoad, registry, otherChannel],
      windowsOptions,
    );
    expect(outcome.skipped).toEqual([]);
    expect(outcome.errors).toEqual([]);
    const [load, value, task] = outcome.events;
    expect(load).toMatchObject({
      activity: 'other',
      category: 'other',
      action: 'Sysmon 7 image load',
      target: 'C:\\Windows\\System32\\comsvcs.dll',
      process: { name: 'C:\\Windows\\System32\\rundll32.exe' },
      device: { name: 'LAPTOP-JDOE.acme.local' },
      attributes: { eventId: 7, ImageLoaded: 'C:\\Windows\\System32\\comsvcs.dll', Signed: 'true' },
      raw: imageLoad,
    });
    expect(value).toMatchObject({
      action: expect.stringMatching(/^Sysmon 13/),
      target: 'HKU\\S-1-5-21\\Software\\Acme\\Setting',
      attributes: { EventType: 'SetValue', Details: 'DWORD (0x00000001)' },
    });
    expect(task).toMatchObject({
      activity: 'other',
      action: 'Microsoft-Windows-TaskScheduler/Operational 200',
      target: '\\Updater',
      sourceEventId: 'LAPTOP-JDOE.acme.local:Microsoft-Windows-TaskScheduler/Operational:200:55',
    });
  });
});

/** A stage that keeps what it is given, for reading a batch without a database. */
class MemoryStage implements BatchStage {
  readonly chunkRows = 100;
  events: EventValues[] = [];
  addEvents(rows: readonly EventValues[]): void {
    this.events.push(...rows);
  }
  addEmployees(): void {}
  addQuarantined(): void {}
  discard(): Promise<void> {
    return Promise.resolve();
  }
}

describe('an integration that drops kinds on purpose', () => {
  it('drops only those, counted per kind; the default drops nothing', async () => {
    const read = async (dropKinds?: string[]) => {
      const stage = new MemoryStage();
      const text = [imageLoad, registry, otherChannel].map((r) => JSON.stringify(r)).join('\n');
      const parse = openParse({
        source: 'windows',
        identities: [],
        companyDomains: ['acme.com'],
        personalEmailDomains: [],
        now: Date.UTC(2024, 5, 1),
        integrationId: null,
        ingestedAt: Date.UTC(2024, 5, 1),
      });
      const reading = await readBatch(await recordStream(Readable.from([text]), 'ndjson'), {
        ...parse,
        stage,
        integrationId: null,
        now: Date.UTC(2024, 5, 1),
        dropKinds,
      });
      const action = EVENT_COLUMNS.indexOf('action');
      return { reading, actions: stage.events.map((row) => row[action]) };
    };
    const all = await read();
    expect(all.reading).toMatchObject({ records: 3, events: 3, skipped: 0 });
    const some = await read(['sysmon 7']);
    expect(some.reading).toMatchObject({ records: 3, events: 2, skipped: 1 });
    expect(some.reading.skips).toEqual([
      { reason: "sysmon 7: dropped by this integration's settings", count: 1 },
    ]);
    expect(some.actions).not.toContain('Sysmon 7 image load');
  });
});
