import fs from 'node:fs';
import { Readable } from 'node:stream';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import { connect, countEvents, push, writeGeneratedFiles } from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;
let okta: { id: string; token: string };
let oktaLines: string[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles({ employees: 20, days: 2, seed: 11 });
  okta = await connect(admin, 'okta');
  oktaLines = fs.readFileSync(files.file('okta'), 'utf8').trim().split('\n').slice(0, 30);
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

/** The Okta record of line `n` (1-based) without its time. */
function undated(n: number): string {
  const { published: _published, ...rest } = JSON.parse(oktaLines[n - 1]!);
  return JSON.stringify(rest);
}

const quarantine = (id: string, query?: Record<string, string | number>) =>
  admin.get(`/integrations/${id}/quarantine`, query);

describe('a batch with good and undated records', () => {
  it('writes the good records as events and sets the undated ones aside with their reasons', async () => {
    const lines = oktaLines.map((line, i) => ([4, 9, 17].includes(i + 1) ? undated(i + 1) : line));
    lines.splice(20, 0, '{"this is": not json');
    const reply = await push(t, okta.id, okta.token, lines.join('\n'));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'succeeded',
      records: 31,
      accepted: 27,
      duplicate: 0,
      rejected: 0,
      quarantined: 4,
    });
    expect(reply.body.quarantines).toEqual([
      { reason: expect.stringMatching(/^no time: Okta records need `published`/), count: 3 },
      { reason: expect.stringMatching(/not valid JSON/), count: 1 },
    ]);
    expect(reply.body.errors.map((e: any) => e.position)).toEqual([4, 9, 17, 21]);
    expect(await countEvents(t)).toBe(27);

    const page = (await quarantine(okta.id)).body;
    expect(page.total).toBe(4);
    expect(page.reasons.map((r: any) => r.count)).toEqual([3, 1]);
    expect(page.records.map((r: any) => r.position)).toEqual([4, 9, 17, 21]);
    expect(page.records[0]).toMatchObject({
      runId: reply.body.runId,
      source: 'auto',
      raw: undated(4),
      rawEncoding: 'text',
      truncated: false,
    });
    expect(page.records[3].raw).toBe('{"this is": not json');
    const byReason = (await quarantine(okta.id, { reason: page.reasons[1].reason })).body;
    expect(byReason.records.map((r: any) => r.position)).toEqual([21]);
  });

  it('counts them on the run and the integration’s last sync', async () => {
    const runs = (await admin.get(`/integrations/${okta.id}/runs`)).body.runs;
    expect(runs[0]).toMatchObject({ status: 'succeeded', accepted: 27, quarantined: 4 });
    expect(runs[0].errors.map((e: any) => e.position)).toEqual([4, 9, 17, 21]);
    const integration = (await admin.get(`/integrations/${okta.id}`)).body;
    expect(integration.state).toBe('succeeded');
    expect(integration.lastSync).toMatchObject({ quarantined: 4, accepted: 27 });
  });

  it('pages the quarantine with a cursor', async () => {
    const first = (await quarantine(okta.id, { limit: 3 })).body;
    expect(first.records).toHaveLength(3);
    const second = (await quarantine(okta.id, { limit: 3, cursor: first.nextCursor })).body;
    expect(second.records.map((r: any) => r.position)).toEqual([21]);
    expect(second.nextCursor).toBeNull();
  });

  it('downloads the records as NDJSON, as they were read', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/app/integrations/${okta.id}/quarantine/download`,
      headers: { host: 'localhost', cookie: admin.cookie ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(response.body.trim().split('\n')).toEqual([
      undated(4),
      undated(9),
      undated(17),
      '{"this is": not json',
    ]);
  });

  it('retry changes nothing while the records still cannot pass', async () => {
    const reply = await admin.post(`/integrations/${okta.id}/quarantine/retry`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ retried: 4, released: 0, remaining: 4 });
    const page = (await quarantine(okta.id)).body;
    // Quarantined again with their first run and position.
    expect(page.records.map((r: any) => r.position).sort((a: number, b: number) => a - b)).toEqual([
      4, 9, 17, 21,
    ]);
    expect(await countEvents(t)).toBe(27);
  });

  it('after the integration is set to date undated records on receipt, retry moves them into events', async () => {
    const patched = await admin.patch(`/integrations/${okta.id}`, {
      options: { undatedRecords: 'time-received' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const before = Date.now();
    const reply = await admin.post(`/integrations/${okta.id}/quarantine/retry`);
    expect(reply.body).toMatchObject({ retried: 4, released: 3, remaining: 1 });
    expect(await countEvents(t)).toBe(30);
    const page = (await quarantine(okta.id)).body;
    expect(page.records.map((r: any) => r.reason)).toEqual([
      expect.stringMatching(/not valid JSON/),
    ]);
    const received = await t.db
      .selectFrom('events')
      .select('time')
      .where('ingested_at', '>=', before)
      .execute();
    expect(received).toHaveLength(3);
    for (const { time } of received) expect(Number(time)).toBeGreaterThanOrEqual(before);
  });

  it('discards a record only with a reason, and audits it', async () => {
    const [record] = (await quarantine(okta.id)).body.records;
    const path = `/integrations/${okta.id}/quarantine/${record.id}`;
    expect((await admin.send('DELETE', path, {})).status).toBe(400);
    const reply = await admin.send('DELETE', path, { reason: 'a test line, not a log' });
    expect(reply.status).toBe(204);
    expect((await admin.send('DELETE', path, { reason: 'again' })).status).toBe(404);
    expect((await quarantine(okta.id)).body.total).toBe(0);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'integration.quarantine.discard')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).toMatch(/a test line, not a log/);
  });
});

describe('raw text that cannot be stored as is', () => {
  it('keeps a NUL escaped (PostgreSQL text cannot hold one), and gives it back exactly', async () => {
    const nul = '{"bad\u0000line":';
    const reply = await push(t, okta.id, okta.token, `${nul}\n${oktaLines[0]}`);
    expect(reply.status).toBe(200);
    expect(reply.body.quarantined).toBe(1);
    const records = (await quarantine(okta.id)).body.records;
    expect(records.map((r: any) => r.rawEncoding)).toEqual(['json']);
    expect(records[0].raw).toBe(JSON.stringify(nul));
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/app/integrations/${okta.id}/quarantine/download`,
      headers: { host: 'localhost', cookie: admin.cookie ?? '' },
    });
    expect(download.body).toBe(`${nul}\n`);
  });

  it('keeps the first megabyte of a record over the 8 MiB line limit', async () => {
    const huge = JSON.stringify({ ...JSON.parse(oktaLines[1]!), x: 'y'.repeat(9 * 1024 * 1024) });
    const reply = await push(t, okta.id, okta.token, huge);
    expect(reply.status).toBe(200);
    expect(reply.body.quarantines[0].reason).toMatch(/longer than the 8 MiB limit/);
    const records = (await quarantine(okta.id, { limit: 200 })).body.records;
    const kept = records.at(-1);
    expect(kept).toMatchObject({ truncated: true });
    expect(kept.raw.length).toBeLessThanOrEqual(1024 * 1024);
    expect(kept.rawBytes).toBeGreaterThan(1024 * 1024);
  });
});

describe('a second retry while one runs', () => {
  it('answers 409', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `{"broken": ${i}`).join('\n');
    expect((await push(t, okta.id, okta.token, many)).body.quarantined).toBe(3000);
    const replies = await Promise.all([
      admin.post(`/integrations/${okta.id}/quarantine/retry`),
      admin.post(`/integrations/${okta.id}/quarantine/retry`),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toMatch(/already running/);
  });
});

describe('command-line batches', () => {
  it('have their own quarantine', async () => {
    const result = await ingest(t.database, {
      source: 'okta',
      input: Readable.from([Buffer.from(`${undated(5)}\n${oktaLines[5]}`)]),
      via: 'cli',
    });
    expect(result).toMatchObject({ status: 'succeeded', quarantined: 1 });
    const page = (await quarantine('command-line')).body;
    expect(page.records).toEqual([
      expect.objectContaining({ position: 1, source: 'okta', raw: undated(5) }),
    ]);
    const stored = await sql<{
      n: number;
    }>`select count(*) as n from quarantined_records where integration_id is null`.execute(t.db);
    expect(Number(stored.rows[0]!.n)).toBe(1);
  });
});

describe('an input that is not text', () => {
  it('a binary .evtx is refused whole with a sentence, and nothing is quarantined', async () => {
    const before = (await quarantine(okta.id)).body.total;
    const evtx = Buffer.concat([Buffer.from('ElfFile\0', 'latin1'), Buffer.alloc(4088, 1)]);
    const reply = await push(t, okta.id, okta.token, evtx, 'application/octet-stream');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(
      /^This .evtx file cannot be read because .*; nothing was written\.$/,
    );
    expect((await quarantine(okta.id)).body.total).toBe(before);
  });

  it('UTF-16 text is refused whole: not text in a supported encoding', async () => {
    const utf16 = Buffer.from(`\ufeff${oktaLines[0]}\n`, 'utf16le');
    const reply = await push(t, okta.id, okta.token, utf16);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/not text in a supported encoding/);
  });
});
