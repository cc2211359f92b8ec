import { createHash, randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { canonicalJson } from '../../../src/server/privacy/canonical-json';
import { findPin } from '../../../src/server/db/queries/findings/pins';
import { readZip } from '../case-record/zip-reader';
import { insertEvents } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Pin hashes give no name away (issue 23, item 3). A pinned raw record's SHA-256 shown beside
 * its pseudonymized copy is a name test: put each directory identity in place of the pseudonym,
 * hash, compare. Whoever does not see a pin's content whole gets keyed hashes (HMAC-SHA-256
 * under the installation's evidence key) that such a dictionary cannot hit, in the locker and
 * in the ZIP; Verify still passes and still finds tampering.
 */

const DAY = 86_400_000;
const SUBJECT = 'E1002';
const COLLEAGUE = 'E1003';

interface Person {
  id: string;
  name: string;
  email: string;
  login: string;
}
interface ShownPin {
  id: string;
  label: string;
  hash: string;
  content: { events?: Array<{ raw: unknown }> };
  contentSha256: string;
  rawHashes: Array<{ eventId: string; sha256: string }>;
}

let t: TestApp;
let analyst: ApiClient;
let caseId: string;
let directory: Person[];
let subjectOnlyPin: string;
let withColleaguePin: string;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The attack: every directory person in place of the subject's pseudonym (name, address,
 * account) in each hashed text a reader sees, re-hashed. Returns whom a shown hash confirms.
 */
function dictionaryAttack(pins: readonly ShownPin[]): string[] {
  const pseudonym = t.app.pseudonyms.of(SUBJECT);
  const shown = new Set(
    pins.flatMap((p) => [p.contentSha256, ...p.rawHashes.map((h) => h.sha256)]),
  );
  const texts = pins.flatMap((p) => [
    canonicalJson(p.content),
    ...(p.content.events ?? []).map((e) => canonicalJson(e.raw)),
  ]);
  const found = new Set<string>();
  for (const person of directory)
    for (const text of texts) {
      const guess = text
        .replaceAll(pseudonym.email, person.email)
        .replaceAll(pseudonym.name, person.name)
        .replaceAll(pseudonym.handle, person.login);
      if (shown.has(sha256(guess))) found.add(person.id);
    }
  return [...found];
}

async function pinsAsShown(): Promise<ShownPin[]> {
  const reply = await analyst.get(`/investigations/${caseId}/pins`);
  expect(reply.status).toBe(200);
  return reply.body.pins as ShownPin[];
}

async function zipPins(): Promise<ShownPin[]> {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/app/investigations/${caseId}/export.zip`,
    headers: { host: 'vigil.test', cookie: analyst.cookie ?? '' },
  });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  const file = readZip(reply.rawPayload).find((e) => e.name === 'evidence/pins.json')!;
  return (JSON.parse(file.data.toString('utf8')) as { pins: ShownPin[] }).pins;
}

async function verify(pinId: string) {
  const reply = await analyst.post(`/investigations/${caseId}/pins/${pinId}/verify`, {});
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as {
    status: string;
    hash: string;
    contentSha256: string;
    recomputedSha256: string;
    raw: Array<{ eventId: string; stored: string; current: string | null; status: string }>;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  const people = await t.db.selectFrom('employees').select(['id', 'full_name', 'email']).execute();
  directory = people.map((p) => ({
    id: p.id,
    name: p.full_name,
    email: p.email,
    login: p.email.slice(0, p.email.indexOf('@')),
  }));
  const subject = directory.find((p) => p.id === SUBJECT)!;
  const colleague = directory.find((p) => p.id === COLLEAGUE)!;
  const end = Math.floor(Date.now() / DAY) * DAY;
  const start = end - 5 * DAY;
  const event = (i: number, raw: object) => ({
    time: start + i * 3_600_000,
    employee_id: SUBJECT,
    category: 'file',
    activity: 'file_copy',
    actor_email: subject.email,
    file_name: `roadmap ${i}.xlsx`,
    raw: JSON.stringify(raw),
  });
  const alone = { user: subject.email, name: subject.name, account: `NORTHWIND\\${subject.login}` };
  await insertEvents(t, [
    event(1, { ...alone, action: 'copy', n: 1 }),
    event(2, { ...alone, action: 'copy', n: 2 }),
    event(3, { ...alone, to: colleague.email, note: `for ${colleague.name}` }),
  ]);
  const opened = await analyst.post('/investigations', {
    title: 'Copies to USB',
    subjectEmployeeId: SUBJECT,
    windowStart: start - DAY,
    windowEnd: end + DAY,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  caseId = opened.body.id as string;
  const ids = (
    await t.db
      .selectFrom('events')
      .select('id')
      .where('employee_id', '=', SUBJECT)
      .orderBy('time')
      .execute()
  ).map((r) => String(r.id));
  const pin = async (eventIds: string[]) => {
    const reply = await analyst.post(`/investigations/${caseId}/pins`, { eventIds, note: 'copy' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.hash).toBe('hmac-sha256');
    return reply.body.id as string;
  };
  subjectOnlyPin = await pin(ids.slice(0, 2));
  withColleaguePin = await pin(ids.slice(2, 3));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a reader who sees the subject as a pseudonym', () => {
  it('gets keyed hashes that no directory identity reproduces, in the locker', async () => {
    const pins = await pinsAsShown();
    expect(pins.map((p) => p.hash)).toEqual(['hmac-sha256', 'hmac-sha256']);
    expect(dictionaryAttack(pins)).toEqual([]);
  });

  it('and in the ZIP, whose note says what the hashes are', async () => {
    const pins = await zipPins();
    expect(pins.map((p) => p.hash)).toEqual(['hmac-sha256', 'hmac-sha256']);
    expect(dictionaryAttack(pins)).toEqual([]);
  });

  it('the same attack on the stored SHA-256 finds the subject (the test can fail)', async () => {
    const shown = await pinsAsShown();
    const plain = await Promise.all(
      shown.map(async (p) => {
        const stored = (await findPin(t.db, caseId, p.id))!;
        return { ...p, contentSha256: stored.contentSha256!, rawHashes: stored.rawHashes };
      }),
    );
    expect(dictionaryAttack(plain)).toEqual([SUBJECT]);
  });

  it('Verify passes, with the hashes the locker shows', async () => {
    const pins = await pinsAsShown();
    const pin = pins.find((p) => p.id === subjectOnlyPin)!;
    const check = await verify(subjectOnlyPin);
    expect(check).toMatchObject({ status: 'intact', hash: 'hmac-sha256' });
    expect(check.contentSha256).toBe(pin.contentSha256);
    expect(check.recomputedSha256).toBe(pin.contentSha256);
    expect(check.raw.map((r) => r.stored)).toEqual(pin.rawHashes.map((h) => h.sha256));
  });
});

describe('a reader to whom the subject is revealed', () => {
  beforeAll(async () => {
    const now = Date.now();
    await t.db
      .insertInto('identity_reveals')
      .values({
        id: randomUUID(),
        investigation_id: caseId,
        employee_id: SUBJECT,
        purpose: 'Interview with HR',
        status: 'granted',
        requested_by: analyst.user!.id,
        requested_at: now,
        decided_by: analyst.user!.id,
        decided_at: now,
        decision_reason: null,
        expires_at: now + DAY,
        expiry_audited_at: null,
      })
      .execute();
  });

  it('gets the SHA-256 of what they see where they see it whole, keyed where a colleague is hidden', async () => {
    for (const pins of [await pinsAsShown(), await zipPins()]) {
      const alone = pins.find((p) => p.id === subjectOnlyPin)!;
      expect(alone.hash).toBe('sha256');
      expect(alone.contentSha256).toBe(sha256(canonicalJson(alone.content)));
      expect(alone.rawHashes.map((h) => h.sha256)).toEqual(
        alone.content.events!.map((e) => sha256(canonicalJson(e.raw))),
      );
      expect(pins.find((p) => p.id === withColleaguePin)!.hash).toBe('hmac-sha256');
    }
  });
});

describe('tampering', () => {
  it('is still found by Verify, and the changed record named', async () => {
    const pin = (await pinsAsShown()).find((p) => p.id === withColleaguePin)!;
    const eventId = pin.rawHashes[0]!.eventId;
    await t.db
      .updateTable('events')
      .set({ raw: JSON.stringify({ rewritten: true }) })
      .where('id', '=', Number(eventId))
      .execute();
    const check = await verify(withColleaguePin);
    expect(check.status).toBe('changed');
    expect(check.raw).toEqual([
      expect.objectContaining({ eventId, status: 'changed', stored: pin.rawHashes[0]!.sha256 }),
    ]);
    expect(check.raw[0]!.current).not.toBe(check.raw[0]!.stored);
  });
});
