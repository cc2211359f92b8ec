import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import { advisoryUnlock, tryAdvisoryLock } from '../../../src/server/db/queries/advisory-locks';
import { ingestGeneratedDataset } from '../../../src/server/demo/load-dataset';
import { findingsDb } from '../../../src/server/db/queries/findings/tables';
import { incidentsDb } from '../../../src/server/db/queries/incident-tables';
import { runRetention } from '../../../src/server/privacy/retention/run-retention';
import type { Investigation } from '../../../src/shared/schemas/investigations';
import type { RetentionRun } from '../../../src/shared/schemas/retention';
import { testDialect } from '../support/test-database';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Retention (issue 17, item 5) on a database aged with the log generator: a run removes exactly
 * the events older than its cut-off, save a held case's subject's events in its window; closed
 * cases past their period with everything of theirs, save held ones; and old audit entries,
 * through the gate only. An events period that cuts into an open case's window is refused.
 */

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const NOW = Date.now();
const EVENTS_DAYS = 10;
const CLOSED_CASE_DAYS = 3;
const AUDIT_DAYS = 400;

let t: TestApp;
let admin: ApiClient;
let reader: ApiClient;
/** The generator's people with events: held subject, expired subject, open-case subject. */
let heldSubject: string;
let expiredSubject: string;
let openSubject: string;
let held: Investigation;
let expired: Investigation;
let open: Investigation;
let heldWindow: { start: number; end: number };
let oldAuditIds: number[];
let run: RetentionRun;
const ALERT_ID = randomUUID();

async function count(query: { execute(): Promise<Array<{ n: unknown }>> }): Promise<number> {
  const [row] = await query.execute();
  return Number(row?.n ?? 0);
}

/** Events older than `before`, counted straight from the table. */
const eventsBefore = (before: number, employeeId?: string) => {
  let q = t.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('time', '<', before);
  if (employeeId) q = q.where('employee_id', '=', employeeId);
  return count(q);
};
const eventsFrom = (from: number) =>
  count(
    t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('time', '>=', from),
  );
/**
 * Events older than `before` that the hold keeps: in the held case's window, of its subject or of
 * anyone its evidence names (legal_hold_people: a pinned email's other party, say, which depends
 * on which events fall first in the window, and so on the hour the test runs).
 */
const heldEventsBefore = async (before: number) => {
  const named = await t.db
    .selectFrom('legal_hold_people')
    .select('employee_id')
    .where('investigation_id', '=', held.id)
    .execute();
  return count(
    t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('employee_id', 'in', [heldSubject, ...named.map((row) => row.employee_id)])
      .where('time', '<', before)
      .where('time', '>=', heldWindow.start)
      .where('time', '<=', heldWindow.end),
  );
};

async function openCase(subject: string, title: string, start: number, end: number) {
  const reply = await admin.post<Investigation>('/investigations', {
    title,
    subjectEmployeeId: subject,
    windowStart: start,
    windowEnd: end,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function pinFirstEvents(caseId: string, subject: string, start: number, end: number) {
  const rows = await t.db
    .selectFrom('events')
    .select('id')
    .where('employee_id', '=', subject)
    .where('time', '>=', start)
    .where('time', '<', end)
    .orderBy('time')
    .limit(2)
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  const reply = await admin.post(`/investigations/${caseId}/pins`, {
    eventIds: rows.map((r) => String(r.id)),
    note: 'Kept as evidence',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

async function writeNote(caseId: string, body: string) {
  const reply = await admin.post(`/investigations/${caseId}/notes`, { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

async function close(caseId: string, closedAt: number) {
  const reply = await admin.patch(`/investigations/${caseId}`, {
    status: 'closed',
    outcome: 'benign',
    outcomeReason: 'Nothing left to do.',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  await t.db
    .updateTable('investigations')
    .set({ closed_at: closedAt })
    .where('id', '=', caseId)
    .execute();
}

/** Rows of a table that belong to a case. */
async function rowsOfCase(table: string, caseId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
    where investigation_id = ${caseId}`.execute(t.db);
  return Number(rows[0]?.n ?? 0);
}

/** The generator's busiest people, most events first. */
async function busiestPeople(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select(['employee_id', (eb) => eb.fn.countAll().as('n')])
    .where('employee_id', 'is not', null)
    .groupBy('employee_id')
    .orderBy('n', 'desc')
    .execute();
  return rows.map((r) => r.employee_id!);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  reader = await t.signInAs('auditor');
  // Twenty days of activity for eight people (one of them deleting much), ending two days ago.
  await ingestGeneratedDataset(t.database, {
    seed: 17,
    employees: 8,
    days: 20,
    scenarios: [{ id: 'mass-deletion', count: 1 }],
    endDate: dayOf(NOW - 2 * DAY),
  });
  // As if collected live: each event received when it happened (retention counts from then).
  await t.db
    .updateTable('events')
    .set((eb) => ({ ingested_at: eb.ref('time') }))
    .execute();
  const people = await busiestPeople();
  expect(people.length).toBeGreaterThanOrEqual(3);
  [heldSubject, expiredSubject, openSubject] = people as [string, string, string];

  // Held: a closed case, long past the closed-case period, whose window is older than the cut-off.
  heldWindow = { start: NOW - 18 * DAY, end: NOW - 14 * DAY };
  held = await openCase(heldSubject, 'Held for litigation', heldWindow.start, heldWindow.end);
  await pinFirstEvents(held.id, heldSubject, heldWindow.start, heldWindow.end);
  await writeNote(held.id, 'Counsel asked us to keep this.');
  await close(held.id, NOW - 10 * DAY);

  // Expired: closed past the period, with every kind of thing a case holds.
  expired = await openCase(expiredSubject, 'Closed long ago', NOW - 9 * DAY, NOW - 3 * DAY);
  await pinFirstEvents(expired.id, expiredSubject, NOW - 9 * DAY, NOW - 3 * DAY);
  await writeNote(expired.id, 'Nothing found.');
  const incidentId = randomUUID();
  await incidentsDb(t.db)
    .insertInto('incidents')
    .values({
      id: incidentId,
      investigation_id: expired.id,
      rule_id: 'usb-mass-copy',
      fingerprint: 'fp-1',
      title: 'Mass copy',
      description: '',
      severity: 'high',
      status: 'open',
      status_reason: null,
      status_by: null,
      status_at: null,
      techniques: '[]',
      first_seen: NOW - 5 * DAY,
      last_seen: NOW - 5 * DAY,
      why: 'test',
      event_count: 1,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await incidentsDb(t.db)
    .insertInto('incident_events')
    .values({ incident_id: incidentId, event_id: 1, time: NOW - 5 * DAY })
    .execute();
  await t.db
    .insertInto('case_checklist')
    .values({ investigation_id: expired.id, step_id: 's1', position: 0, label: 'Read the mail' })
    .execute();
  await t.db
    .insertInto('identity_reveals')
    .values({
      id: randomUUID(),
      investigation_id: expired.id,
      employee_id: expiredSubject,
      purpose: 'To interview the person',
      status: 'denied',
      requested_by: admin.user!.id,
      requested_at: NOW - 6 * DAY,
    })
    .execute();
  await close(expired.id, NOW - 5 * DAY);

  // Open: its window starts after the cut-off, so it constrains nothing.
  open = await openCase(openSubject, 'Still at work', NOW - 8 * DAY, NOW - 1 * DAY);
  // Builds the open subject's rollups from every event they have, old ones too.
  const figures = await admin.get(`/investigations/${open.id}/findings/app-access/stats`);
  expect(figures.status, JSON.stringify(figures.body)).toBe(200);

  // An alert about the expired case's subject, on one old event and one recent one.
  const [oldEvent] = await t.db
    .selectFrom('events')
    .select(['id', 'time'])
    .where('employee_id', '=', expiredSubject)
    .where('time', '<', NOW - 12 * DAY)
    .limit(1)
    .execute();
  const [newEvent] = await t.db
    .selectFrom('events')
    .select(['id', 'time'])
    .where('employee_id', '=', expiredSubject)
    .where('time', '>', NOW - 6 * DAY)
    .limit(1)
    .execute();
  await t.db
    .insertInto('alerts')
    .values({
      id: ALERT_ID,
      rule_id: 'usb-mass-copy',
      title: 'Mass copy',
      description: '',
      employee_id: expiredSubject,
      severity: 'high',
      severity_rank: 2,
      status: 'new',
      reason: null,
      assignee_id: null,
      investigation_id: null,
      techniques: '[]',
      itm: '[]',
      why: 'test',
      first_time: Number(oldEvent!.time),
      last_time: Number(newEvent!.time),
      event_count: 2,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await t.db
    .insertInto('alert_events')
    .values(
      [oldEvent!, newEvent!].map((e) => ({ alert_id: ALERT_ID, event_id: e.id, time: e.time })),
    )
    .execute();

  // Audit entries older than the audit period, and one just inside it.
  const old = [NOW - 450 * DAY, NOW - 401 * DAY, NOW - 399 * DAY];
  for (const at of old) {
    await t.db
      .insertInto('audit_log')
      .values({ at, action: 'test.old', actor_user_id: null, actor_email: null, details: null })
      .execute();
  }
  oldAuditIds = (
    await t.db.selectFrom('audit_log').select('id').where('action', '=', 'test.old').execute()
  ).map((r) => Number(r.id));
}, 180_000);

afterAll(async () => {
  await t.close();
});

describe('the retention periods', () => {
  it('are read and saved by configuration managers only, other privacy settings untouched', async () => {
    const before = await admin.get('/privacy/retention');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ eventsDays: 180, closedCaseDays: 2557, auditDays: 2557 });
    expect((await reader.get('/privacy/retention')).status).toBe(403);
    expect(
      (await reader.put('/privacy/retention', { eventsDays: 1, closedCaseDays: 1, auditDays: 400 }))
        .status,
    ).toBe(403);
    // Another field of the document, as another screen saved it.
    await t.db
      .insertInto('privacy_settings')
      .values({
        id: 1,
        value: JSON.stringify({ pseudonymize: false, revealHours: 48 }),
        updated_by: null,
        updated_at: NOW,
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ value: JSON.stringify({ pseudonymize: false, revealHours: 48 }) }),
      )
      .execute();
    const saved = await admin.put('/privacy/retention', {
      eventsDays: 400,
      closedCaseDays: 2000,
      auditDays: 3000,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ eventsDays: 400, closedCaseDays: 2000, auditDays: 3000 });
    const row = await t.db.selectFrom('privacy_settings').select('value').executeTakeFirstOrThrow();
    const value = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
    expect(value).toEqual({
      pseudonymize: false,
      revealHours: 48,
      retention: { eventsDays: 400, closedCaseDays: 2000, auditDays: 3000 },
    });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['details', 'actor_user_id'])
      .where('action', '=', 'retention.update')
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(admin.user!.id);
  });

  it('refuses an events period shorter than an open case looks back, naming the case', async () => {
    const old = await openCase(openSubject, 'Looking far back', NOW - 60 * DAY, NOW - 50 * DAY);
    const refused = await admin.put('/privacy/retention', {
      eventsDays: EVENTS_DAYS,
      closedCaseDays: CLOSED_CASE_DAYS,
      auditDays: AUDIT_DAYS,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('“Looking far back”');
    expect(refused.body.message).toContain('at least 61 days');
    expect((await admin.get('/privacy/retention')).body.eventsDays).toBe(400);
    // Sixty-one days keep its window: accepted.
    const enough = await admin.put('/privacy/retention', {
      eventsDays: 61,
      closedCaseDays: CLOSED_CASE_DAYS,
      auditDays: AUDIT_DAYS,
    });
    expect(enough.status, JSON.stringify(enough.body)).toBe(200);
    // Closed, it no longer holds the period back (and it is too recent to be removed).
    await close(old.id, NOW);
    const saved = await admin.put('/privacy/retention', {
      eventsDays: EVENTS_DAYS,
      closedCaseDays: CLOSED_CASE_DAYS,
      auditDays: AUDIT_DAYS,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe('a legal hold', () => {
  it('needs a reason and legal.hold, and is refused twice', async () => {
    expect((await admin.put(`/investigations/${held.id}/legal-hold`, {})).status).toBe(400);
    expect(
      (await reader.put(`/investigations/${held.id}/legal-hold`, { reason: 'Litigation' })).status,
    ).toBe(403);
    const outsider = await t.signInAs('investigator');
    expect(
      (await outsider.put(`/investigations/${held.id}/legal-hold`, { reason: 'Litigation' }))
        .status,
    ).toBe(403);
    const placed = await admin.put<Investigation>(`/investigations/${held.id}/legal-hold`, {
      reason: 'Litigation hold from counsel',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.legalHold).toMatchObject({
      by: { id: admin.user!.id },
      reason: 'Litigation hold from counsel',
    });
    const again = await admin.put(`/investigations/${held.id}/legal-hold`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect((await admin.get(`/investigations/${held.id}`)).body.legalHold.reason).toBe(
      'Litigation hold from counsel',
    );
    // Held, its window now binds the events period too.
    const shorter = await admin.put('/privacy/retention', {
      eventsDays: 5,
      closedCaseDays: CLOSED_CASE_DAYS,
      auditDays: AUDIT_DAYS,
    });
    expect(shorter.status).toBe(400);
    expect(shorter.body.message).toContain('the case on legal hold “Held for litigation”');
  });

  it('is lifted with a reason, and the case history shows both', async () => {
    const other = await openCase(openSubject, 'Briefly held', NOW - 5 * DAY, NOW - 1 * DAY);
    await admin.put(`/investigations/${other.id}/legal-hold`, { reason: 'Pending advice' });
    const lifted = await admin.send<Investigation>(
      'DELETE',
      `/investigations/${other.id}/legal-hold`,
      { reason: 'Counsel released it' },
    );
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(lifted.body.legalHold).toBeNull();
    const twice = await admin.send('DELETE', `/investigations/${other.id}/legal-hold`, {
      reason: 'Again',
    });
    expect(twice.status).toBe(409);
    const history = await admin.get(`/investigations/${other.id}/activity`);
    const lines = history.body.entries.map((e: { summary: string }) => e.summary);
    expect(lines).toContain('Lifted the legal hold: Counsel released it');
    expect(lines).toContain('Placed the investigation on legal hold: Pending advice');
  });
});

describe('a retention run', () => {
  let expectedRemoved: number;
  let cutoff: number;
  let keptInHold: number;
  let recentBefore: number;

  beforeAll(async () => {
    cutoff = Math.floor((Date.now() - EVENTS_DAYS * DAY) / DAY) * DAY;
    keptInHold = await heldEventsBefore(cutoff);
    expect(keptInHold).toBeGreaterThan(0);
    expectedRemoved = (await eventsBefore(cutoff)) - keptInHold;
    expect(expectedRemoved).toBeGreaterThan(0);
    recentBefore = await eventsFrom(cutoff);
    expect(recentBefore).toBeGreaterThan(0);
    expect((await reader.post('/privacy/retention/run', {})).status).toBe(403);
    const reply = await admin.post<RetentionRun>('/privacy/retention/run', {});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    run = reply.body;
  }, 120_000);

  it('removes exactly the events older than the cut-off, but the held case’s', async () => {
    expect(run.cutoffs.events).toBe(cutoff);
    expect(run.removed.events).toBe(expectedRemoved);
    expect(await eventsBefore(cutoff)).toBe(keptInHold);
    expect(await heldEventsBefore(cutoff)).toBe(keptInHold);
    expect(await eventsFrom(cutoff)).toBe(recentBefore);
    expect(await eventsBefore(cutoff, expiredSubject)).toBe(0);
    expect(run.keptByHold).toContain(held.id);
  });

  it('unlinks alerts from the events that went, and recounts them', async () => {
    expect(run.removed.alertEvents).toBe(1);
    const links = await t.db
      .selectFrom('alert_events')
      .select('time')
      .where('alert_id', '=', ALERT_ID)
      .execute();
    expect(links.map((l) => Number(l.time) >= cutoff)).toEqual([true]);
    const alert = await t.db
      .selectFrom('alerts')
      .select('event_count')
      .where('id', '=', ALERT_ID)
      .executeTakeFirstOrThrow();
    expect(Number(alert.event_count)).toBe(1);
  });

  it('keeps the rollups consistent with the events left', async () => {
    const tables = findingsDb(t.db);
    const [rolled] = await tables
      .selectFrom('event_daily')
      .select((eb) => [eb.fn.sum<number>('n').as('n'), eb.fn.min<number>('day').as('first')])
      .where('employee_id', '=', openSubject)
      .execute();
    const events = await count(
      t.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('employee_id', '=', openSubject),
    );
    expect(Number(rolled!.n)).toBe(events);
    expect(Number(rolled!.first)).toBeGreaterThanOrEqual(cutoff / DAY);
    // The held subject's rollups are rebuilt from what is kept at the next finding.
    const state = await tables
      .selectFrom('rollup_state')
      .select('employee_id')
      .where('employee_id', '=', heldSubject)
      .execute();
    expect(state).toEqual([]);
  });

  it('removes a closed case past its period with everything of it, and keeps a held one', async () => {
    expect(run.removed.cases).toBe(1);
    expect((await admin.get(`/investigations/${expired.id}`)).status).toBe(404);
    for (const table of [
      'investigation_members',
      'pins',
      'case_notes',
      'case_checklist',
      'incidents',
      'identity_reveals',
      'risk_assessments',
    ])
      expect(await rowsOfCase(table, expired.id), table).toBe(0);
    expect(
      await count(
        incidentsDb(t.db)
          .selectFrom('incident_events')
          .select((eb) => eb.fn.countAll().as('n')),
      ),
    ).toBe(0);

    const kept = await admin.get<Investigation>(`/investigations/${held.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.legalHold).not.toBeNull();
    expect(await rowsOfCase('pins', held.id)).toBeGreaterThan(0);
    expect(await rowsOfCase('case_notes', held.id)).toBe(1);
    // The held case's pinned events are still there to verify.
    const pins = await admin.get(`/investigations/${held.id}/pins`);
    expect(pins.status).toBe(200);
  });

  it('removes audit entries older than the period through the gate, which closes again', async () => {
    const left = await t.db
      .selectFrom('audit_log')
      .select('at')
      .where('id', 'in', oldAuditIds)
      .execute();
    expect(left.map((r) => Number(r.at))).toEqual([NOW - 399 * DAY]);
    expect(run.removed.auditEntries).toBeGreaterThanOrEqual(2);
    const gate = await t.db.selectFrom('retention_gate').select('audit_before').execute();
    expect(gate.map((g) => Number(g.audit_before))).toEqual([0]);
    // A direct delete, of a recent entry or any other, is still refused.
    await expect(
      t.db.deleteFrom('audit_log').where('action', '=', 'retention.update').execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  it('audits one summary of what went and what a hold kept', async () => {
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['details', 'actor_user_id', 'target_type'])
      .where('action', '=', 'retention.run')
      .execute();
    expect(entries).toHaveLength(1);
    const details = entries[0]!.details;
    const summary = (typeof details === 'string' ? JSON.parse(details) : details) as RetentionRun;
    expect(summary.removed).toEqual(run.removed);
    expect(summary.keptByHold).toEqual([held.id]);
    expect(entries[0]!.actor_user_id).toBe(admin.user!.id);
    expect((await admin.get('/privacy/retention')).body.lastRun.removed).toEqual(run.removed);
  });

  it('works through many batches, people and events mapped to nobody alike', async () => {
    const old = Math.floor((NOW - 40 * DAY) / DAY) * DAY;
    const rows = Array.from({ length: 1234 }, (_, n) => ({
      source: 'normalized',
      source_event_id: `retention-batch-${n}`,
      integration_id: null,
      time: old + n * 1000,
      employee_id: n % 3 === 0 ? null : expiredSubject,
      class_uid: 0,
      activity_id: 0,
      category: 'file',
      activity: 'file_view',
      action: 'file_view',
      outcome: 'success',
      attributes: '{}',
      ingested_at: old + n * 1000,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('events')
        .values(rows.slice(i, i + 200))
        .execute();
    const summary = await runRetention(t.database, { eventBatch: 100 });
    expect(summary?.removed.events).toBe(1234);
    expect(await eventsBefore(cutoff)).toBe(keptInHold);
  });

  it('runs one at a time: a run asked for while one is under way removes nothing', async () => {
    const [first, second] = await Promise.all([runRetention(t.database), runRetention(t.database)]);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });

  it.runIf(testDialect() === 'postgres')(
    'on PostgreSQL, another process holding the run refuses it here too',
    async () => {
      const other = openDatabase(inject('pgUrl'), { schema: t.database.schema!, poolSize: 2 });
      try {
        await other.db.connection().execute(async (connection) => {
          const key = `vigil:${t.database.schema}:retention`;
          expect(await tryAdvisoryLock(connection, key)).toBe(true);
          const refused = await admin.post('/privacy/retention/run', {});
          expect(refused.status).toBe(409);
          await advisoryUnlock(connection, key);
        });
      } finally {
        await other.close();
      }
    },
  );

  it('removes nothing more when run again', async () => {
    const again = await admin.post<RetentionRun>('/privacy/retention/run', {});
    expect(again.status).toBe(200);
    expect(again.body.removed.events).toBe(0);
    expect(again.body.removed.cases).toBe(0);
    expect(await eventsBefore(cutoff)).toBe(keptInHold);
  });
});
