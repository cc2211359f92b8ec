import fs from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { WORKER_THRESHOLD_BYTES } from '../../../src/server/ingest/pipeline/reading-plan';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import { connect, countEvents, push, writeGeneratedFiles } from './support/ingest-helpers';

/*
 * Large batches are parsed on a worker thread while this one writes. The worker must change
 * nothing a user can see: the same rows, the same quarantined records with their positions, the same
 * all-or-nothing batches with their quarantined records, and no temporary file left behind.
 */

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;
let oktaLines: string[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles({ employees: 20, days: 2, seed: 5 });
  oktaLines = fs.readFileSync(files.file('okta'), 'utf8').trim().split('\n');
  // The employees, so that the worker has identities to join.
  const hr = await ingest(t.database, {
    source: files.parserSource('hr'),
    input: fs.createReadStream(files.file('hr')),
    via: 'cli',
  });
  expect(hr.status).toBe('succeeded');
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

/** Okta lines with fresh uuids, `copies` times over: a batch as large as needed. */
function oktaCopies(copies: number, tag: string): string[] {
  const lines: string[] = [];
  for (let copy = 0; copy < copies; copy += 1) {
    for (const [i, line] of oktaLines.entries()) {
      lines.push(JSON.stringify({ ...JSON.parse(line), uuid: `${tag}-${copy}-${i}` }));
    }
  }
  return lines;
}

const spoolFiles = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`vigil-ingest-${process.pid}-`));

const inWorker = (lines: string[], extra: Record<string, unknown> = {}) =>
  ingest(t.database, {
    source: 'okta',
    input: Readable.from([Buffer.from(lines.join('\n'))]),
    via: 'cli',
    parseInWorker: true,
    ...extra,
  });

describe('a batch parsed on a worker thread', () => {
  it('stores the same events as one parsed on this thread', async () => {
    await t.database.db.deleteFrom('events').where('source', '=', 'okta').execute();
    const lines = oktaCopies(2, 'same');
    const stored = async () =>
      (
        await t.database.db
          .selectFrom('events')
          .select(['source_event_id', 'time', 'employee_id', 'action', 'actor_email', 'ip', 'raw'])
          .where('source', '=', 'okta')
          .orderBy('source_event_id')
          .execute()
      ).map((row) => ({
        ...row,
        raw: typeof row.raw === 'string' ? JSON.parse(row.raw) : row.raw,
      }));

    const here = await ingest(t.database, {
      source: 'okta',
      input: Readable.from([Buffer.from(lines.join('\n'))]),
      via: 'cli',
      parseInWorker: false,
    });
    expect(here).toMatchObject({ status: 'succeeded', accepted: lines.length });
    const parsedHere = await stored();
    await t.database.db.deleteFrom('events').where('source', '=', 'okta').execute();

    const there = await inWorker(lines);
    expect(there).toMatchObject({ status: 'succeeded', accepted: lines.length, duplicate: 0 });
    const parsedThere = await stored();
    expect(parsedThere).toHaveLength(lines.length);
    expect(parsedThere.some((row) => row.employee_id !== null)).toBe(true);
    expect(parsedThere).toEqual(parsedHere);

    expect(await inWorker(lines)).toMatchObject({ accepted: 0, duplicate: lines.length });
  });

  it('sets bad records aside by position in the same batch as the good ones', async () => {
    const before = await countEvents(t);
    const lines = oktaCopies(3, 'bad');
    const { published: _published, ...noTime } = JSON.parse(lines[6]!);
    lines[6] = JSON.stringify(noTime);
    lines[lines.length - 2] = '{"uuid": "cut';
    const result = await inWorker(lines);
    expect(result.status).toBe('succeeded');
    expect(result.records).toBe(lines.length);
    expect(result.quarantined).toBe(2);
    expect(result.errors.map((e) => e.position)).toEqual([7, lines.length - 1]);
    expect(result.errors[0]!.reason).toMatch(/no time/);
    expect(await countEvents(t)).toBe(before + lines.length - 2);
    const kept = await t.db
      .selectFrom('quarantined_records')
      .select(['position', 'run_id'])
      .where('run_id', '=', result.runId)
      .orderBy('position')
      .execute();
    expect(kept.map((row) => row.position)).toEqual([7, lines.length - 1]);
  });

  it('stops at the first records of a file of another format', async () => {
    const result = await ingest(t.database, {
      source: 'github',
      input: Readable.from([Buffer.from(oktaCopies(2, 'format').join('\n'))]),
      via: 'cli',
      parseInWorker: true,
    });
    expect(result.status).toBe('rejected');
    expect(result.records).toBe(3);
    expect(result.message).toMatch(/^record 1 does not look like a GitHub audit log record/);
  });

  it('killed mid-write leaves nothing, and the next batch is parsed as before', async () => {
    const before = await countEvents(t);
    const lines = oktaCopies(2, 'killed');
    await expect(
      inWorker(lines, {
        faults: {
          insideTransaction: () => {
            throw new Error('killed mid-write');
          },
        },
      }),
    ).rejects.toThrow(/killed/);
    expect(await countEvents(t)).toBe(before);
    expect(await inWorker(lines)).toMatchObject({ status: 'succeeded', accepted: lines.length });
  });
});

describe('several large batches at once', () => {
  it('are all written whole, parsed on workers or, when they are busy, here', async () => {
    const batches = ['one', 'two', 'three'].map((tag) => oktaCopies(2, `together-${tag}`));
    const results = await Promise.all(batches.map((lines) => inWorker(lines)));
    for (const [i, result] of results.entries()) {
      expect(result).toMatchObject({ status: 'succeeded', accepted: batches[i]!.length });
    }
  });
});

describe('a large push', () => {
  it('is copied to a temporary file, parsed on a worker, and the copy removed', async () => {
    const okta = await connect(admin, 'okta', 'Okta, large pushes');
    let copies = 1;
    const bytesPerCopy = oktaLines.join('\n').length;
    while (copies * bytesPerCopy < WORKER_THRESHOLD_BYTES * 1.5) copies += 1;
    const lines = oktaCopies(copies, 'large');
    const body = Buffer.from(lines.join('\n'));
    expect(body.length).toBeGreaterThan(WORKER_THRESHOLD_BYTES);
    const reply = await push(t, okta.id, okta.token, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ records: lines.length, accepted: lines.length });
    expect(spoolFiles()).toEqual([]);

    lines[41] = '{"not": "okta"}';
    const again = await push(t, okta.id, okta.token, Buffer.from(lines.join('\n')));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ quarantined: 1, errors: [{ position: 42 }] });
    expect(spoolFiles()).toEqual([]);
  });
});
