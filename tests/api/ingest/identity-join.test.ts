import fs from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import { countEvents, writeGeneratedFiles } from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles({ seed: 31, days: 3 });
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

const event = (i: number, actorEmail: string) => ({
  activity: 'file_download',
  action: 'FileDownloaded',
  time: Date.now() - 3_600_000 + i,
  actorEmail,
  sourceEventId: `join-${i}`,
});

describe('identities joined across sources and batches', () => {
  it('keeps events of an unknown person, then joins them when HR names that person', async () => {
    const created = await admin.post('/investigations', {
      title: 'Join check',
      subjectEmployeeId: 'E1001',
    });
    // As if its analysis had run: new activity for the subject is what makes it due again.
    const settle = () =>
      t.db
        .updateTable('investigations')
        .set({ analysis_state: 'idle' })
        .where('id', '=', created.body.id)
        .execute();
    await settle();
    const early = await ingest(t.database, {
      source: 'normalized',
      input: { records: [0, 1, 2].map((i) => event(i, 'm.okafor@northwind.example')) },
      via: 'cli',
    });
    expect(early).toMatchObject({ status: 'succeeded', accepted: 3 });
    const before = await t.db
      .selectFrom('events')
      .select('employee_id')
      .where('source_event_id', 'like', 'join-%')
      .execute();
    expect(before.map((e) => e.employee_id)).toEqual([null, null, null]);
    expect((await admin.get(`/investigations/${created.body.id}`)).body.analysis.state).toBe(
      'idle',
    );

    // HR now says E1001's address is m.okafor@: the stored events become hers.
    const hr = await ingest(t.database, {
      source: 'hr',
      input: {
        records: [
          {
            employee_id: 'E1001',
            full_name: 'Maya Okafor',
            email: 'm.okafor@northwind.example',
            event_type: 'change',
          },
        ],
      },
      via: 'cli',
    });
    expect(hr).toMatchObject({ status: 'succeeded', employees: 1 });
    const after = await t.db
      .selectFrom('events')
      .select('employee_id')
      .where('source_event_id', 'like', 'join-%')
      .execute();
    expect(after.map((e) => e.employee_id)).toEqual(['E1001', 'E1001', 'E1001']);
    expect((await admin.get(`/investigations/${created.body.id}`)).body.analysis.state).toBe(
      'pending',
    );
  });

  it('writes the same events whether a batch is kept in memory or spilled to staging', async () => {
    const okta = files.file('okta');
    const expected = files.manifest.sources.okta.events;
    const spilled = await ingest(t.database, {
      source: 'okta',
      input: fs.createReadStream(okta),
      via: 'cli',
      spillBytes: 4096,
    });
    expect(spilled).toMatchObject({ status: 'succeeded', accepted: expected, duplicate: 0 });
    const again = await ingest(t.database, {
      source: 'okta',
      input: fs.createReadStream(okta),
      via: 'cli',
    });
    expect(again).toMatchObject({ status: 'succeeded', accepted: 0, duplicate: expected });
    expect(await countEvents(t, 'okta')).toBe(expected);
  });
});
