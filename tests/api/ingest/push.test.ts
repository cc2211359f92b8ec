import fs from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import {
  connect,
  countEvents,
  countUnjoined,
  push,
  writeGeneratedFiles,
} from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;
const tokens = new Map<string, { id: string; token: string }>();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles();
  for (const source of files.order)
    tokens.set(source, await connect(admin, files.parserSource(source)));
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

describe('pushing generated logs of every format with the integration token', () => {
  it('stores exactly the events the generator’s manifest counts, joined to their employees', async () => {
    for (const source of files.order) {
      const { id, token } = tokens.get(source)!;
      const type =
        files.manifest.sources[source].format === 'csv' ? 'text/csv' : 'application/x-ndjson';
      const reply = await push(t, id, token, fs.createReadStream(files.file(source)), type);
      expect(reply.status, `${source}: ${JSON.stringify(reply.body)}`).toBe(200);
      expect(reply.body).toMatchObject({
        status: 'succeeded',
        accepted: files.manifest.sources[source].events,
        duplicate: 0,
        rejected: 0,
        errors: [],
      });
    }
    expect(await countEvents(t)).toBe(files.manifest.totals.events);
    expect(await countUnjoined(t)).toBe(0);
  });

  it('adds nothing when the same files are pushed again: every event is a duplicate', async () => {
    for (const source of files.order) {
      const { id, token } = tokens.get(source)!;
      const reply = await push(
        t,
        id,
        token,
        fs.readFileSync(files.file(source)),
        'application/x-ndjson',
      );
      expect(reply.status).toBe(200);
      expect(reply.body.accepted).toBe(0);
      expect(reply.body.duplicate).toBe(files.manifest.sources[source].events);
    }
    expect(await countEvents(t)).toBe(files.manifest.totals.events);
  });

  it('accepts a JSON array body as well as NDJSON', async () => {
    const { id, token } = tokens.get('okta')!;
    const lines = fs.readFileSync(files.file('okta'), 'utf8').trim().split('\n').slice(0, 5);
    const reply = await push(t, id, token, `[${lines.join(',')}]`, 'application/json');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ records: 5, accepted: 0, duplicate: 5 });
  });

  it('keeps the last sync on the integration: status, time and event count', async () => {
    const { id } = tokens.get('m365')!;
    const integration = (await admin.get(`/integrations/${id}`)).body;
    expect(integration.eventCount).toBe(files.manifest.sources.m365.events);
    expect(integration.state).toBe('succeeded');
    expect(integration.lastSync).toMatchObject({ via: 'push', accepted: 0, rejected: 0 });
    expect(integration.lastSyncAt).toBeGreaterThan(Date.now() - 60_000);
    const runs = (await admin.get(`/integrations/${id}/runs`)).body.runs;
    expect(runs.map((r: any) => [r.status, r.accepted])).toEqual([
      ['succeeded', 0],
      ['succeeded', files.manifest.sources.m365.events],
    ]);
  });

  it('marks investigations whose subject got new events as pending analysis', async () => {
    const subject = files.manifest.employees[0]!;
    const created = await admin.post('/investigations', {
      title: 'Pending check',
      subjectEmployeeId: subject.id,
    });
    expect(created.status).toBe(201);
    // As if its analysis had run: only new activity for the subject makes it due again.
    await t.db
      .updateTable('investigations')
      .set({ analysis_state: 'idle' })
      .where('id', '=', created.body.id)
      .execute();
    const { id, token } = tokens.get('normalized') ?? (await connect(admin, 'normalized'));
    const duplicate = await push(
      t,
      tokens.get('okta')!.id,
      tokens.get('okta')!.token,
      fs.readFileSync(files.file('okta')),
    );
    expect(duplicate.body.accepted).toBe(0);
    expect((await admin.get(`/investigations/${created.body.id}`)).body.analysis.state).toBe(
      'idle',
    );
    const event = {
      activity: 'file_download',
      action: 'FileDownloaded',
      time: Date.now() - 60_000,
      actorEmail: subject.email,
      sourceEventId: `pending-check-${Date.now()}`,
    };
    const reply = await push(t, id, token, JSON.stringify(event));
    expect(reply.body).toMatchObject({ accepted: 1 });
    const after = await admin.get(`/investigations/${created.body.id}`);
    expect(after.body.analysis.state).toBe('pending');
  });
});
