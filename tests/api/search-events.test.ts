import type { Insertable } from 'kysely';
import { openPolicy } from '../../src/server/privacy/identity-policy';
import { PseudonymBook } from '../../src/server/privacy/pseudonym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { searchEvents } from '../../src/server/case/search-events';
import type { Database } from '../../src/server/db/schema';
import type { EventSearchHit } from '../../src/shared/schemas/search';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

const DAY = 86_400_000;
const WINDOW_START = Date.parse('2026-10-01T00:00:00Z');
const WINDOW_END = Date.parse('2026-11-01T00:00:00Z');
/** The investigator's case is about Daniel Reyes; the analyst's other case about Priya Raman. */
const DANIEL = 'E1002';
const PRIYA = 'E1003';
/** How many "Quarterly Plan" files each subject handled in the window. */
const PLANS = { [DANIEL]: 23, [PRIYA]: 17 };

let t: TestApp;
let investigator: ApiClient;
let analyst: ApiClient;
let danielCase: string;
let priyaCase: string;
let nextId = 0;

type Insert = Insertable<Database['events']>;

/** One event of an employee, as an ingest would store it. */
function event(
  employeeId: string,
  time: number,
  fields: Partial<Insert> & { category: string; activity: string },
): Insert {
  nextId += 1;
  return {
    source: 'normalized',
    source_event_id: `search-${nextId}`,
    time,
    employee_id: employeeId,
    class_uid: 0,
    activity_id: 0,
    action: fields.activity,
    outcome: 'success',
    attributes: '{}',
    ingested_at: WINDOW_END,
    ...fields,
  };
}

const download = (employeeId: string, time: number, fileName: string) =>
  event(employeeId, time, {
    category: 'file',
    activity: 'file_download',
    app: 'SharePoint',
    file_id: fileName,
    file_name: fileName,
    file_label: 'Highly Confidential',
  });

async function seedEvents() {
  const rows: Insert[] = [
    download(DANIEL, Date.parse('2026-10-17T14:05:00Z'), 'Compensation Review 2026.xlsx'),
    event(DANIEL, Date.parse('2026-10-18T09:30:00Z'), {
      category: 'email',
      activity: 'email_send',
      app: 'Exchange',
      email_recipients: JSON.stringify(['daniel.private@proton.me']),
      email_domains: JSON.stringify(['proton.me']),
      email_external: 1,
      email_subject: 'For later',
      email_attachments: 1,
      file_destination: 'personal_email',
    }),
    download(DANIEL, Date.parse('2026-10-19T08:00:00Z'), 'Übersicht Gehälter.xlsx'),
    // Before the case's window: not part of the case, so never found through it.
    download(DANIEL, WINDOW_START - 3 * DAY, 'Compensation Review 2025.xlsx'),
    // Priya's case is hidden from the investigator.
    download(PRIYA, Date.parse('2026-10-20T11:00:00Z'), 'compensation review (draft).xlsx'),
    // Nobody's case: an employee nobody investigates.
    download('E1001', Date.parse('2026-10-20T11:00:00Z'), 'Compensation Review board.pptx'),
  ];
  for (const [employeeId, count] of Object.entries(PLANS)) {
    for (let i = 0; i < count; i++) {
      // Some share a time, so the cursor has to tell them apart by id.
      const time = WINDOW_START + Math.floor(i / 3) * 4 * DAY + 3_600_000;
      rows.push(download(employeeId, time, `Quarterly Plan ${i}.docx`));
    }
  }
  await t.db.insertInto('events').values(rows).execute();
}

async function openCase(client: ApiClient, subjectEmployeeId: string, title: string) {
  const reply = await client.post('/investigations', {
    title,
    subjectEmployeeId,
    type: 'data_exfiltration',
    windowStart: WINDOW_START,
    windowEnd: WINDOW_END,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

async function page(client: ApiClient, q: string, extra: Record<string, string | number> = {}) {
  const reply = await client.get('/search/events', { q, ...extra });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { hits: EventSearchHit[]; nextCursor: string | null };
}

/**
 * Every hit of a search, page after page. A page that runs out of time ends early (even empty)
 * with a cursor, so a search is read to its end as the palette reads it.
 */
async function everyHit(client: ApiClient, q: string, limit = 20) {
  const hits: EventSearchHit[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const next = await page(client, q, { limit, ...(cursor ? { cursor } : {}) });
    expect(next.hits.length).toBeLessThanOrEqual(limit);
    hits.push(...next.hits);
    cursor = next.nextCursor;
    if (!cursor) return hits;
  }
  throw new Error('The search never ended.');
}

const named = (hits: EventSearchHit[]) =>
  hits.map((hit) => hit.event.fileName ?? hit.event.summary);

beforeAll(async () => {
  t = await startTestApp();
  investigator = await t.signInAs('investigator');
  analyst = await t.signInAs('analyst');
  await seedEvents();
  danielCase = await openCase(investigator, DANIEL, 'Departing employee: Daniel Reyes');
  priyaCase = await openCase(analyst, PRIYA, 'Unusual downloads: Priya Raman');
}, 60_000);
afterAll(() => t.close());

describe('GET /search/events', () => {
  it('finds a file by a word of its name in the case, labelled with the case and its subject', async () => {
    const hits = await everyHit(investigator, 'compensation REVIEW');
    expect(named(hits)).toEqual(['Compensation Review 2026.xlsx']);
    const [hit] = hits;
    // Pseudonymized by default (issue 17): the subject and the title name the pseudonym.
    const pseudonym = hit!.investigation.subject.pseudonym;
    expect(pseudonym).toMatch(/^Person \w{4}-\w{4}$/);
    expect(hit!.investigation).toEqual({
      id: danielCase,
      title: `Departing employee: ${pseudonym}`,
      subject: expect.objectContaining({ id: DANIEL, fullName: pseudonym }),
    });
    expect(hit!.event).toMatchObject({
      time: Date.parse('2026-10-17T14:05:00Z'),
      activity: 'file_download',
      summary: 'Downloaded Compensation Review 2026.xlsx [Highly Confidential] (SharePoint)',
    });
    // The event opens in its case; the text kept for searching is not one of its fields.
    const opened = await investigator.get(`/investigations/${danielCase}/events/${hit!.event.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.fields.file_name).toBe('Compensation Review 2026.xlsx');
    expect(opened.body.fields).not.toHaveProperty('search_text');
  });

  it('folds letters beyond ASCII alike on both engines', async () => {
    for (const q of ['übersicht', 'ÜBERSICHT GEHÄLTER'])
      expect(named(await everyHit(investigator, q))).toEqual(['Übersicht Gehälter.xlsx']);
  });

  it('finds a mail by the domain it went to', async () => {
    const hits = await everyHit(investigator, 'proton.me');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.investigation.id).toBe(danielCase);
    expect(hits[0]!.event).toMatchObject({ activity: 'email_send', destination: 'personal_email' });
    // The domain's dot is a dot, not a wildcard.
    expect(await everyHit(investigator, 'protonxme')).toEqual([]);
  });

  it("finds nothing in a case the user may not see, and what the cases' windows leave out", async () => {
    // The investigator sees only their own case: Priya's file and E1001's are not theirs.
    expect(named(await everyHit(investigator, 'compensation review'))).toEqual([
      'Compensation Review 2026.xlsx',
    ]);
    // The analyst sees every case, newest case first; nobody's case is about E1001, and Daniel's
    // 2025 file is outside his case's window.
    const all = await everyHit(analyst, 'compensation review');
    expect(all.map((hit) => [hit.investigation.id, hit.event.fileName])).toEqual([
      [priyaCase, 'compensation review (draft).xlsx'],
      [danielCase, 'Compensation Review 2026.xlsx'],
    ]);
    // A user who may not read evidence at all is refused.
    const auditor = await t.signInAs('auditor');
    expect((await auditor.get('/search/events', { q: 'compensation' })).status).toBe(403);
  });

  it('pages through every match exactly once, case by case and newest first', async () => {
    const hits = await everyHit(analyst, 'quarterly plan', 4);
    expect(hits).toHaveLength(PLANS[DANIEL] + PLANS[PRIYA]);
    const keys = hits.map((hit) => `${hit.investigation.id}/${hit.event.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Priya's case is the newer one, so it comes first; within a case, newest events first.
    expect(hits.slice(0, PLANS[PRIYA]).every((hit) => hit.investigation.id === priyaCase)).toBe(
      true,
    );
    expect(hits.slice(PLANS[PRIYA]).every((hit) => hit.investigation.id === danielCase)).toBe(true);
    for (let i = 1; i < hits.length; i++) {
      if (hits[i]!.investigation.id !== hits[i - 1]!.investigation.id) continue;
      expect(hits[i]!.event.time).toBeLessThanOrEqual(hits[i - 1]!.event.time);
    }
    // The investigator pages through their own case's only.
    expect(await everyHit(investigator, 'quarterly plan', 5)).toHaveLength(PLANS[DANIEL]);
  });

  it('resumes exactly where a page ran out of time', async () => {
    // A clock that jumps a second at every reading: each page scans one slice and stops.
    let now = 0;
    const clock = () => (now += 1000);
    const visibility = { userId: analyst.user!.id, seesAll: true };
    const keys: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (; pages < 1000; pages++) {
      const page = await searchEvents(
        t.db,
        t.dialect,
        visibility,
        { q: 'quarterly plan', limit: 50, ...(cursor ? { cursor } : {}) },
        openPolicy(new PseudonymBook('test')),
        clock,
      );
      keys.push(...page.hits.map((hit) => `${hit.investigation.id}/${hit.event.id}`));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    // Many short pages, some of them empty, yet every match once.
    expect(pages).toBeGreaterThan(2);
    expect(keys).toHaveLength(PLANS[DANIEL] + PLANS[PRIYA]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is audited with what was searched and which cases answered', async () => {
    const auditor = await t.signInAs('admin');
    await everyHit(auditor, 'proton.me');
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_user_id', '=', auditor.user!.id)
      .where('action', '=', 'evidence.search')
      .execute();
    const details = entries.map((entry) =>
      typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details,
    );
    expect(details.length).toBeGreaterThan(0);
    expect(details.every((d) => d.q === 'proton.me')).toBe(true);
    expect(details.reduce((sum, d) => sum + d.returned, 0)).toBe(1);
    expect(details.flatMap((d) => d.investigations)).toEqual([danielCase]);
  });

  it('answers a query too short, too long, missing or with a foreign cursor with a 400 and a sentence', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ q: 'a' }, /q: must be at least 2 characters/],
      [{ q: '  a  ' }, /q: must be at least 2 characters/],
      [{ q: 'x'.repeat(101) }, /q: must be at most 100 characters/],
      [{}, /q: /],
      [{ q: 'plan', cursor: 'not-a-cursor' }, /The cursor is not valid/],
      [{ q: 'plan', limit: '0' }, /limit: /],
    ];
    for (const [query, message] of cases) {
      const reply = await investigator.get('/search/events', query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.message).toMatch(message);
    }
  });
});
