import fs from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';

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
  files = await writeGeneratedFiles({ employees: 20, days: 2, seed: 4 });
  okta = await connect(admin, 'okta');
  oktaLines = fs.readFileSync(files.file('okta'), 'utf8').trim().split('\n').slice(0, 40);
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

/** The good Okta lines with line `n` (1-based) replaced. */
function withLine(n: number, replacement: string): string {
  return oktaLines.map((line, i) => (i === n - 1 ? replacement : line)).join('\n');
}

function oktaRecord(n: number): Record<string, any> {
  return JSON.parse(oktaLines[n - 1]!);
}

describe('a batch with bad records writes the good ones and sets the bad ones aside', () => {
  it('a record without a time: quarantined with its position and the reason', async () => {
    const { published: _published, ...noTime } = oktaRecord(7);
    const reply = await push(t, okta.id, okta.token, withLine(7, JSON.stringify(noTime)));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'succeeded',
      accepted: 39,
      rejected: 0,
      quarantined: 1,
    });
    expect(reply.body.errors).toEqual([
      { position: 7, reason: expect.stringMatching(/no time.*published/i) },
    ]);
    expect(await countEvents(t)).toBe(39);
  });

  it('a record without an actor and one with a time in the future: both set aside', async () => {
    const noActor = { ...oktaRecord(3), actor: { type: 'User' } };
    const future = {
      ...oktaRecord(12),
      published: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    };
    const body = withLine(3, JSON.stringify(noActor)).split('\n');
    body[11] = JSON.stringify(future);
    const reply = await push(t, okta.id, okta.token, body.join('\n'));
    expect(reply.status).toBe(200);
    expect(reply.body.quarantined).toBe(2);
    expect(reply.body.errors.map((e: any) => e.position)).toEqual([3, 12]);
    expect(reply.body.errors[0].reason).toMatch(/no actor/);
    expect(reply.body.errors[1].reason).toMatch(/future/);
  });

  it('truncated JSON: the array ends in the middle of a record, which is set aside', async () => {
    const array = `[${oktaLines.slice(0, 5).join(',')}]`;
    const reply = await push(
      t,
      okta.id,
      okta.token,
      array.slice(0, array.length - 40),
      'application/json',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.errors[0]).toMatchObject({
      position: 5,
      reason: expect.stringMatching(/truncated|end/i),
    });
  });

  it('a file of another format than the one named: refused whole from its first records', async () => {
    const before = await countEvents(t);
    const github = await connect(admin, 'github', 'GitHub, wrongly fed');
    const reply = await push(
      t,
      github.id,
      github.token,
      fs.createReadStream(files.file('okta')),
      'application/x-ndjson',
      'github',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^record 1 does not look like a GitHub audit log record: /);
    expect(reply.body.errors).toHaveLength(1);
    expect(reply.body.records).toBe(3);
    expect(await countEvents(t)).toBe(before);
    expect((await admin.get(`/integrations/${github.id}/quarantine`)).body.total).toBe(0);
  });

  it('an empty body: "The upload holds no records."', async () => {
    for (const body of ['', '\n\n']) {
      const reply = await push(t, okta.id, okta.token, body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('The upload holds no records.');
    }
  });

  it('keeps the refusal as the integration’s last sync and run', async () => {
    const integration = (await admin.get(`/integrations/${okta.id}`)).body;
    expect(integration.state).toBe('rejected');
    expect(integration.lastSync.message).toBe('The upload holds no records.');
    const runs = (await admin.get(`/integrations/${okta.id}/runs`)).body.runs;
    expect(runs.find((r: any) => r.quarantined === 2).errors.map((e: any) => e.position)).toEqual([
      3, 12,
    ]);
  });
});

describe('who may push', () => {
  it('answers 401 without a token, with a wrong one, or with another integration’s', async () => {
    const before = await countEvents(t);
    const other = await connect(admin, 'okta', 'Second Okta');
    expect((await push(t, okta.id, null, oktaLines[0]!)).status).toBe(401);
    expect((await push(t, okta.id, 'vgi_wrong', oktaLines[0]!)).status).toBe(401);
    const foreign = await push(t, okta.id, other.token, oktaLines[0]!);
    expect(foreign.status).toBe(401);
    expect(foreign.body.message).toMatch(/token is not valid/);
    expect((await push(t, 'no-such-integration', okta.token, oktaLines[0]!)).status).toBe(401);
    expect(await countEvents(t)).toBe(before);
  });

  it('answers 409 while the integration is disabled, and accepts again once enabled', async () => {
    const id = okta.id;
    const before = await countEvents(t);
    expect((await admin.patch(`/integrations/${id}`, { enabled: false })).status).toBe(200);
    const refused = await push(t, id, okta.token, oktaLines.join('\n'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/disabled/);
    expect(await countEvents(t)).toBe(before);
    await admin.patch(`/integrations/${id}`, { enabled: true });
    const accepted = await push(t, id, okta.token, oktaLines.join('\n'));
    expect(accepted.status).toBe(200);
    expect(accepted.body.accepted + accepted.body.duplicate).toBe(oktaLines.length);
  });
});

describe('a batch that dies half-way leaves nothing behind', () => {
  const stagingFiles = () =>
    fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`vigil-ingest-${process.pid}-`));

  it.each([
    [
      'after staging',
      {
        afterStaging: () => {
          throw new Error('killed after staging');
        },
      },
    ],
    [
      'inside the write transaction',
      {
        insideTransaction: () => {
          throw new Error('killed mid-write');
        },
      },
    ],
  ])('killed %s: no event, no employee change, the run marked failed', async (_when, faults) => {
    const before = await countEvents(t);
    const runsBefore = (await admin.get(`/integrations/${okta.id}/runs`)).body.runs.length;
    const extra = oktaLines.map((line, i) =>
      JSON.stringify({ ...JSON.parse(line), uuid: `killed-${_when}-${i}` }),
    );
    await expect(
      ingest(t.database, {
        source: 'okta',
        input: Readable.from([Buffer.from(extra.join('\n'))]),
        integrationId: okta.id,
        via: 'cli',
        faults,
        // Spill even this small batch (its transaction opens early), so the kill lands mid-write.
        spillBytes: 1024,
      }),
    ).rejects.toThrow(/killed/);
    expect(await countEvents(t)).toBe(before);
    expect(stagingFiles()).toEqual([]);
    const runs = (await admin.get(`/integrations/${okta.id}/runs`)).body.runs;
    expect(runs).toHaveLength(runsBefore + 1);
    expect(runs[0].status).toBe('failed');
  });
});
