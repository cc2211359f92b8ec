import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingestCommand } from '../../../src/server/cli/ingest';
import { evtxRecord } from '../../unit/ingest/support/evtx-records';
import { manyRecordsFile, specs } from '../../unit/ingest/support/evtx-samples';
import { evtxChunks, fileHeader } from '../../unit/ingest/support/evtx-writer';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { connect, countEvents, push, upload } from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-evtx-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** The eight sample records in three chunks, the middle one damaged (records 4 and 5). */
function fileWithDamagedChunk(): Buffer {
  const records = specs.map(evtxRecord);
  const time = () => '2024-05-02T00:00:00Z';
  const [first] = evtxChunks(records.slice(0, 3), time);
  const [damaged] = evtxChunks(records.slice(3, 5), time);
  const [last] = evtxChunks(records.slice(5), time);
  damaged!.writeUInt8(damaged!.readUInt8(900) ^ 0xff, 900);
  return Buffer.concat([fileHeader(3, 9), first!, damaged!, last!]);
}

describe('a binary .evtx file', () => {
  it('pushed as application/octet-stream with no source: its records become events and a damaged chunk is quarantined', async () => {
    const windows = await connect(admin, 'windows', 'Windows pushed');
    const reply = await push(
      t,
      windows.id,
      windows.token,
      fileWithDamagedChunk(),
      'application/octet-stream',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ records: 7, accepted: 6, quarantined: 1 });
    expect(reply.body.quarantines).toEqual([
      {
        reason:
          'a damaged .evtx chunk (its records checksum does not match): its records could not be read',
        count: 1,
      },
    ]);
    expect(await countEvents(t, 'windows')).toBe(6);
    const page = (await admin.get(`/integrations/${windows.id}/quarantine`)).body;
    expect(page.records).toHaveLength(1);
    expect(JSON.parse(page.records[0].raw)).toMatchObject({ evtxChunk: 2, fileOffset: 69632 });
  });

  it('uploaded from the settings screen, reads the same way', async () => {
    const windows = await connect(admin, 'windows', 'Windows uploaded');
    const reply = await upload(t, admin, windows.id, 'Security.evtx', manyRecordsFile(40, 1000));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ records: 40, quarantined: 0 });
    expect(reply.body.accepted + reply.body.duplicate).toBe(40);
  });

  it('refused whole with a sentence when its file header is damaged', async () => {
    const windows = await connect(admin, 'windows', 'Windows refused');
    const file = manyRecordsFile(3, 5000);
    file.writeUInt8(file.readUInt8(50) ^ 1, 50);
    const reply = await push(t, windows.id, windows.token, file, 'application/octet-stream');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      'This .evtx file cannot be read because its file header checksum does not match; nothing was written.',
    );
    expect((await admin.get(`/integrations/${windows.id}/quarantine`)).body.total).toBe(0);
  });

  it('read by `npm run ingest FILE` with --source left out, on the worker thread', async () => {
    const file = path.join(dir, 'big.evtx');
    // Over a megabyte: parsed on the worker thread like any large batch.
    fs.writeFileSync(file, manyRecordsFile(4000, 100_000));
    expect(fs.statSync(file).size).toBeGreaterThan(1024 * 1024);
    const before = await countEvents(t, 'windows');
    const out: string[] = [];
    const code = await ingestCommand(
      ['--quiet', file],
      { out: (l) => out.push(l), err: () => {} },
      t.database,
    );
    expect(code, out.join('\n')).toBe(0);
    // Every eighth record repeats one PowerShell script block: the same event, written once.
    const summary =
      /^ingest: 4000 records, (\d+) events written, (\d+) duplicates, 0 quarantined/.exec(
        out.at(-1) ?? '',
      );
    expect(summary, out.at(-1)).not.toBeNull();
    const written = Number(summary![1]);
    expect(written + Number(summary![2])).toBe(4000);
    expect(written).toBeGreaterThanOrEqual(3500);
    expect((await countEvents(t, 'windows')) - before).toBe(written);
  });
});
