import fs from 'node:fs';
import os from 'node:os';

import { afterEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { ingestThroughFiles } from '../../../src/server/demo/files/ingest-through-files';
import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import { openTestDatabase } from '../support/test-database';

const DATASET = { employees: 14, days: 21, seed: 5, endDate: '2026-11-20' } as const;

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

/** Every stored event as the screens read it, without what differs by run (ids, times of load). */
async function storedEvents(handle: DatabaseHandle) {
  const rows = await handle.db
    .selectFrom('events')
    .selectAll()
    .orderBy('source')
    .orderBy('source_event_id')
    .execute();
  return rows.map(({ id: _id, integration_id: _i, ingested_at: _at, ...row }) => row);
}

const demoDirectories = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('vigil-demo-'));

describe('the demo generated into files on a worker', () => {
  it('stores the same events and employees and gives the same manifest and counts as generating in place, and leaves no files', async () => {
    const before = demoDirectories();
    const inPlace = await openTestDatabase();
    const throughFiles = await openTestDatabase();
    handles.push(inPlace, throughFiles);

    const expected = await ingestGeneratedDataset(inPlace, DATASET);
    const sources: string[] = [];
    const actual = await ingestThroughFiles(throughFiles, DATASET, {
      onSourceDone: (source) => sources.push(source),
    });

    expect(actual.manifest).toEqual(expected.manifest);
    const counts = (c: typeof expected.counts) =>
      Object.fromEntries(Object.entries(c).map(([id, { runId: _r, ...n }]) => [id, n]));
    expect(counts(actual.counts)).toEqual(counts(expected.counts));
    // HR first, so activity joins the people it names.
    expect(sources[0]).toBe('hr');
    expect(sources.sort()).toEqual(Object.keys(expected.counts).sort());

    const events = await storedEvents(throughFiles);
    expect(events.length).toBeGreaterThan(1000);
    expect(events.filter((e) => e.employee_id !== null).length).toBeGreaterThan(events.length / 2);
    expect(events).toEqual(await storedEvents(inPlace));
    const people = async (handle: DatabaseHandle) =>
      (await handle.db.selectFrom('employees').selectAll().orderBy('id').execute()).map(
        ({ created_at: _c, updated_at: _u, ...person }) => person,
      );
    expect(await people(throughFiles)).toEqual(await people(inPlace));

    expect(demoDirectories()).toEqual(before);
  }, 120_000);

  it('says what failed and removes its files when a batch cannot be written', async () => {
    const before = demoDirectories();
    const handle = await openTestDatabase();
    handles.push(handle);
    await handle.db.schema.dropTable('events').execute();
    await expect(ingestThroughFiles(handle, DATASET)).rejects.toThrow(/events/);
    expect(demoDirectories()).toEqual(before);
  }, 120_000);
});
