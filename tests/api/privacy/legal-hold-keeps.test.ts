import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import { runRetention } from '../../../src/server/privacy/retention/run-retention';
import type { Investigation } from '../../../src/shared/schemas/investigations';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * A legal hold keeps the evidence (issue 23, item 6): only admins and Legal place or lift it,
 * a held case's window does not shrink, a hold placed while retention runs protects from the
 * next batch on, and a hold keeps the events of the people its pins name, not only its
 * subject's. Every event here was received long ago, so retention removes whatever no case keeps.
 */

const DAY = 86_400_000;
const NOW = Date.now();
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Received longer ago than the default events period (180 days). */
const LONG_AGO = NOW - 200 * DAY;

let t: TestApp;
let admin: ApiClient;
let legal: ApiClient;
let member: ApiClient;
/** The generator's people with events, in employee id order. */
let people: Array<{ id: string; email: string }>;
let seq = 0;

async function count(query: { execute(): Promise<Array<{ n: unknown }>> }): Promise<number> {
  const [row] = await query.execute();
  return Number(row?.n ?? 0);
}

/** A person's events, in [from, to] when given. */
const eventsOf = (employeeId: string, from = 0, to = Number.MAX_SAFE_INTEGER) =>
  count(
    t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('employee_id', '=', employeeId)
      .where('time', '>=', from)
      .where('time', '<=', to),
  );

async function openCase(subject: string, title: string, start: number, end: number) {
  const reply = await admin.post<Investigation>('/investigations', {
    title,
    subjectEmployeeId: subject,
    windowStart: start,
    windowEnd: end,
    memberUserIds: [member.user!.id],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function close(caseId: string) {
  const reply = await admin.patch(`/investigations/${caseId}`, {
    status: 'closed',
    outcome: 'benign',
    outcomeReason: 'Nothing left to do.',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** Stores events received long ago, as a source would have sent them. */
async function insertEvents(
  employeeId: string,
  times: readonly number[],
  extra: { email_recipients?: string } = {},
) {
  const rows = times.map((time) => ({
    source: 'normalized',
    source_event_id: `hold-test-${seq++}`,
    integration_id: null,
    time,
    employee_id: employeeId,
    class_uid: 0,
    activity_id: 0,
    category: 'email',
    activity: 'email_sent',
    action: 'email_sent',
    outcome: 'success',
    attributes: '{}',
    ingested_at: LONG_AGO,
    ...extra,
  }));
  const inserted = await t.db.insertInto('events').values(rows).returning('id').execute();
  return inserted.map((row) => String(row.id));
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  legal = await t.signInAs('legal');
  member = await t.signInAs('investigator');
  await ingestGeneratedDataset(t.database, {
    seed: 23,
    employees: 8,
    days: 6,
    scenarios: [{ id: 'mass-deletion', count: 1 }],
    endDate: dayOf(NOW - DAY),
  });
  await t.db.updateTable('events').set({ ingested_at: LONG_AGO }).execute();
  const rows = await t.db
    .selectFrom('events')
    .innerJoin('employees', 'employees.id', 'events.employee_id')
    .select(['employees.id', 'employees.email'])
    .distinct()
    .orderBy('employees.id')
    .execute();
  people = rows.map((r) => ({ id: r.id, email: r.email }));
  expect(people.length).toBeGreaterThanOrEqual(5);
}, 180_000);

afterAll(async () => {
  await t.close();
});

describe('placing and lifting a hold', () => {
  let held: Investigation;

  beforeAll(async () => {
    held = await openCase(people[0]!.id, 'Held by counsel', NOW - 5 * DAY, NOW - 2 * DAY);
    const placed = await admin.put(`/investigations/${held.id}/legal-hold`, {
      reason: 'Litigation expected',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('is refused to a case member, who can still read the case', async () => {
    expect((await member.get(`/investigations/${held.id}`)).status).toBe(200);
    const lifted = await member.send('DELETE', `/investigations/${held.id}/legal-hold`, {
      reason: 'Not needed',
    });
    expect(lifted.status).toBe(403);
    expect(lifted.body.message).toContain('place or lift legal holds');
    const other = await openCase(people[3]!.id, 'Not held', NOW - 5 * DAY, NOW - 2 * DAY);
    const placed = await member.put(`/investigations/${other.id}/legal-hold`, { reason: 'Mine' });
    expect(placed.status).toBe(403);
    expect(
      (await admin.get<Investigation>(`/investigations/${held.id}`)).body.legalHold,
    ).toMatchObject({ reason: 'Litigation expected' });
  });

  it('is lifted and placed again by Legal, who sees every case', async () => {
    const lifted = await legal.send('DELETE', `/investigations/${held.id}/legal-hold`, {
      reason: 'Counsel released it',
    });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    const placed = await legal.put(`/investigations/${held.id}/legal-hold`, {
      reason: 'Counsel asked again',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('keeps the held window from shrinking, at either end, whoever asks', async () => {
    for (const [who, change] of [
      [member, { windowStart: NOW - 4 * DAY }],
      [admin, { windowStart: NOW - 4 * DAY }],
      [admin, { windowEnd: NOW - 3 * DAY }],
    ] as const) {
      const narrowed = await who.patch(`/investigations/${held.id}`, change);
      expect(narrowed.status).toBe(409);
      expect(narrowed.body.message).toContain('on legal hold, so its window cannot shrink');
    }
    const stored = await admin.get<Investigation>(`/investigations/${held.id}`);
    expect(stored.body.windowStart).toBe(held.windowStart);
    expect(stored.body.windowEnd).toBe(held.windowEnd);
    // Widening keeps more: accepted.
    const widened = await admin.patch(`/investigations/${held.id}`, {
      windowStart: NOW - 6 * DAY,
    });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
  });
});

describe('a hold placed while retention runs', () => {
  it('loses nothing of the held case: each batch checks the holds again', async () => {
    // The person retention reaches last (it walks people in id order), on a closed case.
    const subject = people[people.length - 1]!.id;
    const window = { start: NOW - 4 * DAY, end: NOW - 2 * DAY };
    const late = await openCase(subject, 'Held during a run', window.start, window.end);
    await close(late.id);
    const inWindow = await eventsOf(subject, window.start, window.end);
    expect(inWindow).toBeGreaterThan(0);
    expect(await eventsOf(subject)).toBeGreaterThan(inWindow);

    const running = runRetention(t.database, { eventBatch: 5 });
    // Once the run has committed batches of other people, place the hold.
    await expect
      .poll(
        async () =>
          count(
            t.db
              .selectFrom('audit_log')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('action', '=', 'retention.batch'),
          ),
        { timeout: 30_000, interval: 5 },
      )
      .toBeGreaterThanOrEqual(3);
    expect(await eventsOf(subject, window.start, window.end)).toBe(inWindow);
    const placed = await legal.put(`/investigations/${late.id}/legal-hold`, {
      reason: 'Placed mid-run',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const run = await running;

    expect(await eventsOf(subject, window.start, window.end)).toBe(inWindow);
    // The run did reach the person: what is outside the window went.
    expect(await eventsOf(subject)).toBe(inWindow);
    expect(run?.keptByHold).toContain(late.id);
  }, 120_000);
});

describe('a hold on a case whose evidence names other people', () => {
  it('keeps the events, in its window, of the people its pins name', async () => {
    const [, subject, counterpart, bystander] = people as [
      unknown,
      { id: string; email: string },
      { id: string; email: string },
      { id: string; email: string },
    ];
    const window = { start: NOW - 30 * DAY, end: NOW - 20 * DAY };
    const inside = [NOW - 28 * DAY, NOW - 25 * DAY, NOW - 21 * DAY];
    const outside = [NOW - 40 * DAY, NOW - 10 * DAY];
    const [mail] = await insertEvents(subject.id, [NOW - 26 * DAY], {
      email_recipients: JSON.stringify([counterpart.email.toUpperCase()]),
    });
    await insertEvents(counterpart.id, [...inside, ...outside]);
    await insertEvents(bystander.id, [...inside, ...outside]);

    const pinned = await openCase(subject.id, 'Mail to a colleague', window.start, window.end);
    const pin = await admin.post(`/investigations/${pinned.id}/pins`, {
      eventIds: [mail!],
      note: 'The mail that started it',
    });
    expect(pin.status, JSON.stringify(pin.body)).toBe(201);
    const placed = await legal.put(`/investigations/${pinned.id}/legal-hold`, {
      reason: 'Both people are named in the claim',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await close(pinned.id);

    await runRetention(t.database);
    expect(await eventsOf(counterpart.id, window.start, window.end)).toBe(inside.length);
    expect(await eventsOf(counterpart.id, NOW - 41 * DAY, NOW - 31 * DAY)).toBe(0);
    expect(await eventsOf(counterpart.id, NOW - 19 * DAY, NOW - 9 * DAY)).toBe(0);
    // Nobody's evidence names the bystander.
    expect(await eventsOf(bystander.id, NOW - 41 * DAY, NOW - 9 * DAY)).toBe(0);
    expect(await eventsOf(subject.id, window.start, window.end)).toBe(1);

    // Lifted, the hold keeps nobody: the next run removes what it kept.
    const lifted = await legal.send('DELETE', `/investigations/${pinned.id}/legal-hold`, {
      reason: 'Settled',
    });
    expect(lifted.status).toBe(200);
    await runRetention(t.database);
    expect(await eventsOf(counterpart.id, window.start, window.end)).toBe(0);
  }, 120_000);
});

describe('the audit log of a held case', () => {
  it('outlives the audit period while the hold lasts; other old entries go', async () => {
    const subject = people[2]!.id;
    const held = await openCase(subject, 'Old history', NOW - 3 * DAY, NOW - 2 * DAY);
    const placed = await legal.put(`/investigations/${held.id}/legal-hold`, { reason: 'Keep' });
    expect(placed.status).toBe(200);
    const saved = await admin.put('/privacy/retention', {
      eventsDays: 180,
      closedCaseDays: 2557,
      auditDays: 400,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entry = { at: NOW - 500 * DAY, actor_user_id: null, actor_email: null, details: null };
    await t.db
      .insertInto('audit_log')
      .values([
        { ...entry, action: 'test.case', target_type: 'investigation', target_id: held.id },
        {
          ...entry,
          action: 'test.case-detail',
          target_type: 'employee',
          target_id: subject,
          details: JSON.stringify({ investigationId: held.id }),
        },
        { ...entry, action: 'test.other', target_type: 'investigation', target_id: 'gone' },
      ])
      .execute();
    const run = await runRetention(t.database);
    const left = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'test.%')
      .orderBy('action')
      .execute();
    expect(left.map((r) => r.action)).toEqual(['test.case', 'test.case-detail']);
    expect(run?.removed.auditEntries).toBeGreaterThanOrEqual(1);
  });
});
