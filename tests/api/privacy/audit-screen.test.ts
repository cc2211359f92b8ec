import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AuditEntry, PersonViewsReply } from '../../../src/shared/schemas/audit';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * The audit screen's API (issue 17 item 3): every filter narrows the log to exactly the
 * entries a direct reading of audit_log finds, the cursor visits each entry once, the CSV holds
 * the same rows as the JSON, and person_views counts every read of a person's data.
 */

let t: TestApp;
let auditor: ApiClient;
let alice: ApiClient;
let bob: ApiClient;
let caseA: string;
let caseB: string;
let middle: number;

const SUBJECT_A = 'E1004';
const SUBJECT_B = 'E1005';
const FINDINGS_READS = 3;
const TIMELINE_READS = 2;

type Row = {
  id: number;
  at: number;
  actor_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: unknown;
};

/** Every entry of the log, newest first, read straight from the table. */
async function stored(): Promise<Array<Row & { detailsObject: Record<string, unknown> }>> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor_user_id', 'action', 'target_type', 'target_id', 'details'])
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    at: Number(row.at),
    detailsObject:
      row.details === null
        ? {}
        : typeof row.details === 'string'
          ? (JSON.parse(row.details) as Record<string, unknown>)
          : (row.details as Record<string, unknown>),
  }));
}

/** Every entry of a filter, following the cursor. */
async function readAll(query: Record<string, string | number>, limit = 4): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let before: number | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const reply: { status: number; body: { entries: AuditEntry[]; nextBefore: number | null } } =
      await auditor.get<{ entries: AuditEntry[]; nextBefore: number | null }>('/audit', {
        ...query,
        limit,
        ...(before ? { before } : {}),
      });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    entries.push(...reply.body.entries);
    before = reply.body.nextBefore;
    if (before === null) return entries;
  }
  throw new Error('the cursor never ended');
}

/** RFC 4180 as the export writes it: CRLF lines, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  auditor = await t.signInAs('auditor');
  alice = await t.signInAs('investigator');
  bob = await t.signInAs('investigator');
  const a = await alice.post('/investigations', { title: 'Audit A', subjectEmployeeId: SUBJECT_A });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  caseA = a.body.id;
  const b = await bob.post('/investigations', { title: 'Audit B', subjectEmployeeId: SUBJECT_B });
  expect(b.status, JSON.stringify(b.body)).toBe(201);
  caseB = b.body.id;
  for (let i = 0; i < FINDINGS_READS; i++) {
    const read = await alice.get(`/investigations/${caseA}/findings/working-hours`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
  middle = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 5));
  for (let i = 0; i < TIMELINE_READS; i++) {
    const read = await alice.get(`/investigations/${caseA}/timeline/events`, { limit: 5 });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
  }
  expect((await bob.get(`/investigations/${caseB}/findings/devices`)).status).toBe(200);
  expect((await bob.get(`/investigations/${caseB}`)).status).toBe(200);
  expect((await bob.get(`/investigations/${caseB}/activity`)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the audit screen API', () => {
  it('narrows to exactly the entries of a user, by id or email', async () => {
    const all = await stored();
    const expected = all.filter((r) => r.actor_user_id === alice.user!.id).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(1 + FINDINGS_READS + TIMELINE_READS);
    expect((await readAll({ user: alice.user!.id })).map((e) => e.id)).toEqual(expected);
    expect((await readAll({ user: alice.user!.email })).map((e) => e.id)).toEqual(expected);
    // The older name of the parameter still works.
    expect((await readAll({ actor: alice.user!.email })).map((e) => e.id)).toEqual(expected);
  });

  it('narrows to the entries about a person: as subject, as target, or through their case', async () => {
    const all = await stored();
    const expected = all
      .filter(
        (r) =>
          r.detailsObject.subjectEmployeeId === SUBJECT_A ||
          r.detailsObject.employeeId === SUBJECT_A ||
          (r.target_type === 'employee' && r.target_id === SUBJECT_A) ||
          (r.target_type === 'investigation' && r.target_id === caseA) ||
          r.detailsObject.investigationId === caseA,
      )
      .map((r) => r.id);
    const got = await readAll({ person: SUBJECT_A });
    expect(got.map((e) => e.id)).toEqual(expected);
    // The case's creation, the findings and the timeline reads are all there; B's are not.
    expect(got.filter((e) => e.action === 'evidence.read')).toHaveLength(
      FINDINGS_READS + TIMELINE_READS,
    );
    expect(got.some((e) => e.action === 'investigation.create')).toBe(true);
    expect(got.some((e) => e.targetId === caseB)).toBe(false);
  });

  it('narrows to the entries of a case, whatever their action', async () => {
    const all = await stored();
    const expected = all
      .filter(
        (r) =>
          (r.target_type === 'investigation' && r.target_id === caseB) ||
          r.detailsObject.investigationId === caseB,
      )
      .map((r) => r.id);
    const got = await readAll({ case: caseB });
    expect(got.map((e) => e.id)).toEqual(expected);
    expect(new Set(got.map((e) => e.action))).toEqual(
      new Set(['investigation.create', 'evidence.read', 'investigation.read', 'activity.read']),
    );
  });

  it('narrows by exact action or prefix, and by time', async () => {
    const all = await stored();
    const exact = all.filter((r) => r.action === 'evidence.read').map((r) => r.id);
    expect((await readAll({ action: 'evidence.read' })).map((e) => e.id)).toEqual(exact);
    const prefix = all.filter((r) => r.action.startsWith('investigation.')).map((r) => r.id);
    expect((await readAll({ action: 'investigation' })).map((e) => e.id)).toEqual(prefix);
    // A prefix stops at a dot: "evidence.re" is no action.
    expect(await readAll({ action: 'evidence.re' })).toEqual([]);

    const after = all.filter((r) => r.at >= middle && r.actor_user_id === alice.user!.id);
    expect(after.map((r) => r.action)).toEqual(Array(TIMELINE_READS).fill('evidence.read'));
    expect((await readAll({ user: alice.user!.id, from: middle })).map((e) => e.id)).toEqual(
      after.map((r) => r.id),
    );
    const before = all.filter((r) => r.at < middle && r.actor_user_id === alice.user!.id);
    expect((await readAll({ user: alice.user!.id, to: middle })).map((e) => e.id)).toEqual(
      before.map((r) => r.id),
    );
    const backwards = await auditor.get('/audit', { from: middle, to: middle - 1 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/must be before its end/);
  });

  it('combines filters', async () => {
    const got = await readAll({ person: SUBJECT_A, action: 'evidence.read', from: middle });
    expect(got).toHaveLength(TIMELINE_READS);
    expect(got.every((e) => e.details?.page === 'timeline')).toBe(true);
  });

  it('pages with the cursor through every entry once, newest first', async () => {
    const all = await stored();
    for (const limit of [1, 3, 7]) {
      const ids = (await readAll({}, limit)).map((e) => e.id);
      // Reading the log is not audited, so the log stood still while it was paged.
      expect(ids).toEqual(all.map((r) => r.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('exports the filtered view as CSV with the same rows as the JSON, and audits the export', async () => {
    const queries: Array<Record<string, string>> = [
      { person: SUBJECT_A },
      { user: bob.user!.email },
      {},
    ];
    for (const query of queries) {
      const json = await readAll(query, 1000);
      const csv = await auditor.get('/audit.csv', query);
      expect(csv.status).toBe(200);
      expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
      expect(String(csv.headers['content-disposition'])).toMatch(/attachment; filename=".*\.csv"/);
      const [header, ...rows] = parseCsv(String(csv.body));
      expect(header).toEqual([
        'Id',
        'Time (UTC)',
        'User id',
        'User email',
        'Action',
        'Target type',
        'Target id',
        'Details',
        'IP',
        'User agent',
      ]);
      // Every row, none left out; the export's own entry is after its snapshot.
      expect(
        rows.map((r) => [
          Number(r[0]),
          Date.parse(r[1]!),
          r[2] || null,
          r[3] || null,
          r[4],
          r[5] || null,
          r[6] || null,
          r[7] ? JSON.parse(r[7]) : null,
        ]),
      ).toEqual(
        json.map((e) => [
          e.id,
          e.at,
          e.actorUserId,
          e.actorEmail,
          e.action,
          e.targetType,
          e.targetId,
          e.details,
        ]),
      );
    }
    const exports = await readAll({ user: auditor.user!.id, action: 'audit.export' });
    expect(exports).toHaveLength(3);
    expect(exports[2]!.details).toMatchObject({ format: 'csv', filter: { person: SUBJECT_A } });
  });

  it('neutralizes cells a spreadsheet would run as formulas', async () => {
    // The user agent is whatever the caller sends.
    const formula = '=HYPERLINK("http://evil.test","click")';
    const read = await bob.send('GET', `/investigations/${caseB}/notes`, undefined, {
      'user-agent': formula,
    });
    expect(read.status).toBe(200);
    const csv = await auditor.get('/audit.csv', { user: bob.user!.id, action: 'note.list' });
    const rows = parseCsv(String(csv.body)).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]![9]).toBe(`'${formula}`);
    expect(rows.flat().some((c) => /^[=+@-]/.test(c))).toBe(false);
  });

  it('names no employee in the CSV while pseudonymization is on', async () => {
    const named = await alice.post('/investigations', {
      title: 'Tomasz Nowak copied the roadmap (tomasz.nowak@northwind.example)',
      subjectEmployeeId: SUBJECT_A,
    });
    expect(named.status).toBe(201);
    const csv = await auditor.get('/audit.csv', { case: named.body.id });
    const text = String(csv.body);
    expect(text).toContain('investigation.create');
    expect(text).toContain('copied the roadmap');
    expect(text).not.toMatch(/Tomasz|Nowak/i);
    const json = await auditor.get('/audit', { case: named.body.id });
    expect(JSON.stringify(json.body)).toContain('copied the roadmap');
    expect(JSON.stringify(json.body)).not.toMatch(/Tomasz|Nowak/i);
  });

  it("counts who read a person's data and how often", async () => {
    const reply = await auditor.get<PersonViewsReply>('/audit/person-views', {
      employeeId: SUBJECT_A,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { views, total, person } = reply.body;
    expect(person?.id).toBe(SUBJECT_A);
    // Pseudonymized: the reply names the person by pseudonym only.
    expect(person?.fullName).toBe(person?.pseudonym);
    expect(
      views.map((v) => ({ user: v.user.email, kind: v.kind, views: v.views, cases: v.cases })),
    ).toEqual([
      { user: alice.user!.email, kind: 'findings', views: FINDINGS_READS, cases: [caseA] },
      { user: alice.user!.email, kind: 'timeline', views: TIMELINE_READS, cases: [caseA] },
    ]);
    expect(total).toBe(FINDINGS_READS + TIMELINE_READS);
    for (const view of views) expect(view.firstAt).toBeLessThanOrEqual(view.lastAt);

    // One more read is one more view.
    await alice.get(`/investigations/${caseA}/timeline/events`, { limit: 5 });
    const again = await auditor.get<PersonViewsReply>('/audit/person-views', {
      employeeId: SUBJECT_A,
    });
    expect(again.body.views.find((v) => v.kind === 'timeline')?.views).toBe(TIMELINE_READS + 1);

    // The time range narrows to the reads in it.
    const later = await auditor.get<PersonViewsReply>('/audit/person-views', {
      employeeId: SUBJECT_A,
      from: Date.now() + 60_000,
    });
    expect(later.body.views).toEqual([]);

    const b = await auditor.get<PersonViewsReply>('/audit/person-views', { employeeId: SUBJECT_B });
    // Bob read B's findings once, and its notes once (the CSV injection test above).
    expect(b.body.views).toHaveLength(2);
    expect(b.body.views).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'findings', views: 1, cases: [caseB] }),
        expect.objectContaining({ kind: 'notes', views: 1, cases: [caseB] }),
      ]),
    );
    for (const view of b.body.views) expect(view.user.email).toBe(bob.user!.email);

    const people = await auditor.get('/audit/viewed-people');
    expect(people.status).toBe(200);
    expect(
      people.body.people.map((p: { person: { id: string }; views: number }) => [
        p.person.id,
        p.views,
      ]),
    ).toEqual([
      [SUBJECT_A, FINDINGS_READS + TIMELINE_READS + 1],
      [SUBJECT_B, 2],
    ]);
  });

  it('refuses an investigator (403) and audits the refusal', async () => {
    for (const path of ['/audit', '/audit.csv', '/audit/viewed-people']) {
      const reply = await alice.get(path);
      expect(reply.status, path).toBe(403);
    }
    expect((await alice.get('/audit/person-views', { employeeId: SUBJECT_A })).status).toBe(403);
    const denied = await readAll({ user: alice.user!.id, action: 'access.denied' });
    expect(denied.map((e) => e.details?.route)).toEqual([
      'GET /api/app/audit/person-views',
      'GET /api/app/audit/viewed-people',
      'GET /api/app/audit.csv',
      'GET /api/app/audit',
    ]);
  });

  it('is open to the privacy officer, who sees the entries but not the text of cases and searches', async () => {
    const secret = 'Tip from the works council about the quarterly numbers';
    const admin = await t.signInAs('admin');
    const changed = await admin.patch(`/investigations/${caseA}`, { description: secret });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await admin.get('/search/events', { q: 'quarterly numbers' })).status).toBe(200);
    const officer = await t.signInAs('privacy_officer');
    const entries = await officer.get('/audit', { limit: 500 });
    expect(entries.status).toBe(200);
    const actions = entries.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('evidence.search');
    expect(actions).toContain('investigation.update');
    expect(JSON.stringify(entries.body)).not.toContain('quarterly');
    const csv = await officer.get('/audit.csv', { case: caseA });
    expect(csv.status).toBe(200);
    expect(JSON.stringify(csv.body)).not.toContain('quarterly');
    // An auditor who may open cases still reads them.
    expect(JSON.stringify((await admin.get('/audit', { limit: 500 })).body)).toContain('quarterly');
  });
});
