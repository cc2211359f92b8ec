import fs from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import {
  connect,
  countEvents,
  countUnjoined,
  upload,
  writeGeneratedFiles,
} from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;
const integrations = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles({ seed: 12 });
  for (const source of files.order) {
    integrations.set(source, (await connect(admin, files.parserSource(source))).id);
  }
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

describe('uploading export files from the settings screen', () => {
  it('stores the events the manifest counts for every format, then only duplicates', async () => {
    for (const round of [1, 2]) {
      for (const source of files.order) {
        const file = files.file(source);
        const reply = await upload(
          t,
          admin,
          integrations.get(source)!,
          file,
          fs.readFileSync(file),
        );
        const expected = files.manifest.sources[source].events;
        expect(reply.status, `${source}: ${JSON.stringify(reply.body)}`).toBe(200);
        expect(reply.body).toMatchObject(
          round === 1 ? { accepted: expected, duplicate: 0 } : { accepted: 0, duplicate: expected },
        );
      }
      expect(await countEvents(t)).toBe(files.manifest.totals.events);
    }
    expect(await countUnjoined(t)).toBe(0);
  });

  it('writes the good records of a file and sets a bad one aside by its position', async () => {
    const before = await countEvents(t);
    const lines = fs.readFileSync(files.file('slack'), 'utf8').trim().split('\n').slice(0, 10);
    lines[4] = '{"id": "broken", ';
    const reply = await upload(
      t,
      admin,
      integrations.get('slack')!,
      'slack.ndjson',
      lines.join('\n'),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ quarantined: 1, errors: [{ position: 5 }] });
    expect(reply.body.accepted + reply.body.duplicate).toBe(9);
    expect(await countEvents(t)).toBe(before + reply.body.accepted);
  });

  it('needs integrations.manage, a file, and an enabled integration', async () => {
    const analyst = await t.signInAs('analyst');
    const id = integrations.get('okta')!;
    expect((await upload(t, analyst, id, 'okta.ndjson', '{}')).status).toBe(403);
    const noFile = await admin.post(`/integrations/${id}/upload`, { not: 'a file' });
    expect(noFile.status).toBe(400);
    await admin.patch(`/integrations/${id}`, { enabled: false });
    expect((await upload(t, admin, id, 'okta.ndjson', '{}')).status).toBe(409);
    expect((await upload(t, admin, 'missing', 'okta.ndjson', '{}')).status).toBe(404);
  });
});
