import fs from 'node:fs';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { testDialect } from '../support/test-database';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import { writeGeneratedFiles } from './support/ingest-helpers';

let t: TestApp;
let files: GeneratedFiles;

beforeAll(async () => {
  t = await startTestApp();
  files = await writeGeneratedFiles({ seed: 17, days: 2 });
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

/** JSON columns come back as text from SQLite and parsed from PostgreSQL's jsonb. */
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** JSON text with object keys sorted: jsonb does not keep the order they were received in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Every stored m365 event, without the columns that differ between two loads. */
async function storedM365() {
  const rows = await t.database.db
    .selectFrom('events')
    .selectAll()
    .where('source', '=', 'm365')
    .orderBy('source_event_id')
    .execute();
  return rows.map(({ id: _id, ingested_at: _at, ...row }) => ({
    ...row,
    raw: parsed(row.raw),
    attributes: parsed(row.attributes),
    email_recipients: parsed(row.email_recipients),
    email_domains: parsed(row.email_domains),
  }));
}

async function load(spillBytes?: number) {
  return ingest(t.database, {
    source: 'm365',
    input: fs.createReadStream(files.file('m365')),
    via: 'cli',
    ...(spillBytes === undefined ? {} : { spillBytes }),
  });
}

describe('what an ingest stores', () => {
  it('stores each record as received and the same rows whether the batch spilled or not', async () => {
    const expected = files.manifest.sources.m365.events;
    expect(await load(4096)).toMatchObject({ status: 'succeeded', accepted: expected });
    const spilled = await storedM365();
    expect(spilled).toHaveLength(expected);
    const lines = fs.readFileSync(files.file('m365'), 'utf8').split('\n').filter(Boolean);
    const received = new Set(lines.map((line) => canonical(JSON.parse(line))));
    expect(spilled.every((row) => received.has(canonical(row.raw)))).toBe(true);
    expect(spilled.some((row) => Array.isArray(row.email_recipients))).toBe(true);
    // An event that is no email has no recipients: SQL null, not a JSON null (both read as null).
    const noRecipients = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'm365')
      .where('email_recipients', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(noRecipients.n)).toBe(spilled.filter((row) => row.email_subject === null).length);
    expect(Number(noRecipients.n)).toBeGreaterThan(0);

    await t.database.db.deleteFrom('events').where('source', '=', 'm365').execute();
    expect(await load()).toMatchObject({ status: 'succeeded', accepted: expected });
    expect(await storedM365()).toEqual(spilled);
  });
});

describe.runIf(testDialect() === 'postgres')('a spilled batch PostgreSQL cannot store', () => {
  const record = (i: number, action = 'FileDownloaded') => ({
    activity: 'file_download',
    action,
    time: Date.now() - 3_600_000 + i,
    actorEmail: 'maya.okafor@northwind.example',
    sourceEventId: `refused-${i}`,
  });

  // A NUL character is fine in JSON and SQLite, not in PostgreSQL text.
  it.each([
    ['an early chunk', 10],
    ['the last chunk', 4_990],
  ])('fails as a whole when %s is refused, writing nothing', async (_where, bad) => {
    const before = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const lines = Array.from({ length: 5_000 }, (_, i) =>
      JSON.stringify(record(i, i === bad ? 'File\u0000Downloaded' : undefined)),
    );
    await expect(
      ingest(t.database, {
        source: 'normalized',
        input: Readable.from([Buffer.from(lines.join('\n'))]),
        via: 'cli',
        spillBytes: 4096,
      }),
    ).rejects.toThrow();
    const after = await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
