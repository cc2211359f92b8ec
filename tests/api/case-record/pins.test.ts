import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findingsDb } from '../../../src/server/db/queries/findings/tables';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { insertEvents } from '../findings/support/insert-events';

/**
 * Evidence that holds up: a pin names what it pins, the server captures it and hashes it, and
 * Verify tells a pin whose events were changed in the database from one that was not.
 */

let t: TestApp;
let lead: ApiClient;
let caseId: string;

const SUBJECT = 'E1004';
const OTHER = 'E1005';
const START = Date.parse('2026-10-01T00:00:00Z');
const HOUR = 3_600_000;

/**
 * Canonical JSON written here on its own, not imported: keys sorted at every level, no
 * whitespace, values as JSON.stringify writes them (RFC 8785 for the values a pin holds).
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
const sha256 = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

const pins = () => `/investigations/${caseId}/pins`;

/** The ids of the events stored for an employee, oldest first. */
async function eventIds(employeeId: string, activity?: string): Promise<string[]> {
  let query = t.db
    .selectFrom('events')
    .select('id')
    .where('employee_id', '=', employeeId)
    .orderBy('time');
  if (activity) query = query.where('activity', '=', activity);
  return (await query.execute()).map((r) => String(r.id));
}

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  await insertEvents(t, [
    ...[0, 1, 2].map((i) => ({
      time: START + (i + 1) * HOUR,
      employee_id: SUBJECT,
      source: 'm365',
      category: 'file',
      activity: 'usb_write',
      file_name: `Q${i + 1} plan.xlsx`,
      file_destination: 'usb',
      raw: JSON.stringify({
        Operation: 'FileCopiedToRemovableMedia',
        ObjectId: `Q${i + 1} plan.xlsx`,
        Size: 1200 + i,
      }),
    })),
    {
      time: START + 5 * HOUR,
      employee_id: SUBJECT,
      source: 'servicenow',
      category: 'access',
      activity: 'access_request',
      target: 'Payroll database',
      attributes: JSON.stringify({ role: 'admin', status: 'approved', number: 'RITM1' }),
      raw: JSON.stringify({ number: 'RITM1', item: 'Payroll database', role: 'admin' }),
    },
    // Outside the window, and another person's: never pinnable in this case.
    {
      time: START - 10 * HOUR,
      employee_id: SUBJECT,
      category: 'file',
      activity: 'file_view',
    },
    {
      time: START + 2 * HOUR,
      employee_id: OTHER,
      category: 'file',
      activity: 'file_view',
      raw: '{"who":"someone else"}',
    },
  ]);
  const created = await lead.post('/investigations', {
    title: 'Pins that hold up',
    subjectEmployeeId: SUBJECT,
    windowStart: '2026-10-01',
    windowEnd: '2026-10-20',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  caseId = created.body.id;
});
afterAll(async () => {
  await t.close();
});

describe('pinning events', () => {
  it('captures each event and its raw record; the hashes match an independent SHA-256', async () => {
    const ids = (await eventIds(SUBJECT, 'usb_write')).slice(0, 2);
    const reply = await lead.post(pins(), { eventIds: ids, note: 'The copies to USB' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const pin = reply.body;
    expect(pin).toMatchObject({
      kind: 'events',
      capturedBy: 'server',
      note: 'The copies to USB',
      eventIds: ids,
      createdBy: { id: lead.user!.id },
      removed: null,
    });
    expect(pin.content.events.map((e: any) => e.event.id)).toEqual(ids);
    expect(pin.content.events[0].event.fileName).toBe('Q1 plan.xlsx');
    expect(pin.content.events[0].raw).toEqual({
      Operation: 'FileCopiedToRemovableMedia',
      ObjectId: 'Q1 plan.xlsx',
      Size: 1200,
    });
    expect(pin.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(pin.contentSha256).toBe(sha256(pin.content));
    expect(pin.rawHashes).toEqual(
      pin.content.events.map((e: any) => ({ eventId: e.event.id, sha256: sha256(e.raw) })),
    );
    // The stored content is its canonical form, byte for byte (SQLite keeps the text as is).
    const row = await findingsDb(t.db)
      .selectFrom('pins')
      .select(['content', 'content_sha256'])
      .where('id', '=', pin.id)
      .executeTakeFirstOrThrow();
    expect(row.content_sha256).toBe(pin.contentSha256);
    if (t.dialect === 'sqlite') expect(row.content).toBe(canonical(pin.content));
  });

  it('refuses a snapshot sent by the browser, with a sentence', async () => {
    const [id] = await eventIds(SUBJECT, 'usb_write');
    const reply = await lead.post(pins(), {
      eventIds: [id],
      snapshot: { fileName: 'made up.xlsx' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      'The request body is invalid: A pin does not take a snapshot: the server captures what is pinned. Send eventIds, or finding and key.',
    );
    const old = await lead.post(pins(), {
      kind: 'event',
      ref: id,
      label: 'made up',
      snapshot: {},
    });
    expect(old.status).toBe(400);
  });

  it('refuses events of another subject, outside the window, or unknown, naming them', async () => {
    const [mine] = await eventIds(SUBJECT, 'usb_write');
    const [theirs] = await eventIds(OTHER);
    const [before] = await eventIds(SUBJECT, 'file_view');
    const reply = await lead.post(pins(), { eventIds: [mine, theirs, before, '99999999', 'abc'] });
    expect(reply.status).toBe(400);
    // Counted, not named: what the caller sent is never echoed (issue 23).
    const named = ['abc', ...[theirs, before, '99999999'].sort((a, b) => Number(a) - Number(b))];
    expect(reply.body.message).toBe(
      `${named.length} of these are not events of this investigation's subject in its window.`,
    );
    expect((await lead.post(pins(), { eventIds: [] })).status).toBe(400);
    expect((await lead.post(pins(), {})).status).toBe(400);
  });

  it('pins an event from the subject timeline and from an alert, captured and hashed the same way', async () => {
    // A case of its own, so these pins leave the first case's list as the other tests expect.
    const other = await lead.post('/investigations', {
      title: 'Pins from the timeline and an alert',
      subjectEmployeeId: SUBJECT,
      windowStart: '2026-10-01',
      windowEnd: '2026-10-20',
    });
    expect(other.status).toBe(201);
    const [usb] = await eventIds(SUBJECT, 'usb_write');
    const [request] = await eventIds(SUBJECT, 'access_request');
    for (const [page, id] of [
      ['timeline', usb],
      ['alert', request],
    ] as const) {
      const reply = await lead.post(`/investigations/${other.body.id}/pins`, {
        eventIds: [id],
        page,
        note: `From the ${page}`,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ kind: 'events', capturedBy: 'server', page });
      expect(reply.body.contentSha256).toBe(sha256(reply.body.content));
      expect(reply.body.rawHashes).toEqual([
        { eventId: id, sha256: sha256(reply.body.content.events[0].raw) },
      ]);
    }
  });

  it('pinning the same events twice while live is a conflict', async () => {
    const ids = (await eventIds(SUBJECT, 'usb_write')).slice(0, 2);
    const again = await lead.post(pins(), { eventIds: [...ids].reverse() });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is already pinned to this investigation\.$/);
  });
});

describe('pinning a finding row', () => {
  it('computes the finding on the server and keeps the row with that key, and its event', async () => {
    const [requestId] = await eventIds(SUBJECT, 'access_request');
    const reply = await lead.post(pins(), { finding: 'access-request', key: requestId });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const pin = reply.body;
    expect(pin).toMatchObject({
      kind: 'finding',
      finding: 'access-request',
      key: requestId,
      ref: `access-request:${requestId}`,
      page: 'access-requests',
      label: 'Payroll database – admin (approved)',
    });
    const listed = await lead.get(`/investigations/${caseId}/findings/access-requests`);
    expect(pin.content.row).toEqual(listed.body.requests[0]);
    expect(pin.contentSha256).toBe(sha256(pin.content));
    expect(pin.rawHashes).toEqual([
      {
        eventId: requestId,
        sha256: sha256({ number: 'RITM1', item: 'Payroll database', role: 'admin' }),
      },
    ]);
  });

  it('refuses an unknown key or table', async () => {
    const key = await lead.post(pins(), { finding: 'access-request', key: 'nope' });
    expect(key.status).toBe(400);
    expect(key.body.message).toBe(
      'There is no row with that key in the finding access-request of this investigation.',
    );
    expect((await lead.post(pins(), { finding: 'photos', key: 'x' })).status).toBe(400);
    expect((await lead.post(pins(), { finding: 'access-request' })).status).toBe(400);
  });
});

describe('verifying a pin', () => {
  it('is intact until a pinned event is changed in the database, then changed', async () => {
    const [id] = (await eventIds(SUBJECT, 'usb_write')).slice(2);
    const pin = (await lead.post(pins(), { eventIds: [id] })).body;
    const verify = () => lead.post(`${pins()}/${pin.id}/verify`);

    const before = await verify();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({
      status: 'intact',
      contentSha256: pin.contentSha256,
      recomputedSha256: pin.contentSha256,
      raw: [
        {
          eventId: id,
          stored: pin.rawHashes[0].sha256,
          current: pin.rawHashes[0].sha256,
          status: 'intact',
        },
      ],
    });

    await t.db
      .updateTable('events')
      .set({
        raw: JSON.stringify({
          Operation: 'FileCopiedToRemovableMedia',
          ObjectId: 'Q3 plan.xlsx',
          Size: 1,
        }),
      })
      .where('id', '=', Number(id))
      .execute();
    const after = await verify();
    expect(after.body.status).toBe('changed');
    expect(after.body.recomputedSha256).toBe(pin.contentSha256);
    expect(after.body.raw[0]).toMatchObject({ eventId: id, status: 'changed' });
    expect(after.body.raw[0].current).not.toBe(pin.rawHashes[0].sha256);

    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'evidence.verify')
      .where('target_id', '=', caseId)
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('says changed when the stored content was altered, and when a pinned event is gone', async () => {
    const [requestId] = await eventIds(SUBJECT, 'access_request');
    const { pins: listed } = (await lead.get(pins())).body;
    const pin = listed.find((p: any) => p.key === requestId);
    const altered = { ...pin.content, row: { ...pin.content.row, status: 'rejected' } };
    await findingsDb(t.db)
      .updateTable('pins')
      .set({ content: JSON.stringify(altered) })
      .where('id', '=', pin.id)
      .execute();
    const edited = (await lead.post(`${pins()}/${pin.id}/verify`)).body;
    expect(edited.status).toBe('changed');
    expect(edited.recomputedSha256).toBe(sha256(altered));
    expect(edited.raw[0].status).toBe('intact');

    const first = listed.find((p: any) => p.kind === 'events' && p.eventIds.length === 2);
    await t.db.deleteFrom('events').where('id', '=', Number(first.eventIds[1])).execute();
    const gone = (await lead.post(`${pins()}/${first.id}/verify`)).body;
    expect(gone.status).toBe('changed');
    expect(gone.raw[1]).toMatchObject({ status: 'missing', current: null });
  });

  it('a pin made before the server captured pins is not_hashed', async () => {
    await findingsDb(t.db)
      .insertInto('pins')
      .values({
        id: 'legacy-pin',
        investigation_id: caseId,
        kind: 'file',
        ref: 'file:abc',
        label: 'An old pin',
        page: 'file-access',
        content: '{"events":4}',
        content_sha256: null,
        raw_hashes: '[]',
        captured_by: 'client',
        note: '',
        created_by: lead.user!.id,
        created_at: Date.now() - 1000,
      })
      .execute();
    const reply = await lead.post(`${pins()}/legacy-pin/verify`);
    expect(reply.body).toMatchObject({ status: 'not_hashed', contentSha256: null, raw: [] });
  });
});

describe('unpinning', () => {
  it('needs a reason, leaves a tombstone with who and why, and the same thing can be pinned again', async () => {
    const { pins: listed } = (await lead.get(pins())).body;
    const pin = listed.find((p: any) => p.kind === 'events' && p.eventIds.length === 1);

    const bare = await lead.delete(`${pins()}/${pin.id}`);
    expect(bare.status).toBe(400);
    const empty = await lead.send('DELETE', `${pins()}/${pin.id}`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Say why the pin is removed/);

    const removed = await lead.send('DELETE', `${pins()}/${pin.id}`, {
      reason: 'Pinned the wrong copy',
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.removed).toMatchObject({
      by: { id: lead.user!.id },
      reason: 'Pinned the wrong copy',
    });
    const twice = await lead.send('DELETE', `${pins()}/${pin.id}`, { reason: 'again' });
    expect(twice.status).toBe(409);

    const after = (await lead.get(pins())).body.pins;
    const tombstone = after.find((p: any) => p.id === pin.id);
    expect(tombstone.removed.reason).toBe('Pinned the wrong copy');
    expect(tombstone.contentSha256).toBe(pin.contentSha256);

    const again = await lead.post(pins(), { eventIds: pin.eventIds });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).not.toBe(pin.id);
    expect(again.body.removed).toBeNull();
    const live = (await lead.get(pins())).body.pins.filter(
      (p: any) => p.ref === pin.ref && p.removed === null,
    );
    expect(live).toHaveLength(1);

    const actions = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', caseId)
      .where('action', 'in', ['evidence.pin', 'evidence.unpin'])
      .execute();
    const details = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d);
    expect(
      actions.filter((a) => a.action === 'evidence.unpin').map((a) => details(a.details).reason),
    ).toEqual(['Pinned the wrong copy']);
    // The audit log keeps the keyed hash: its readers may not see the content (issue 23).
    const keyed =
      pin.hash === 'sha256' ? t.app.keyedEvidenceHash(pin.contentSha256) : pin.contentSha256;
    expect(
      actions.some(
        (a) => a.action === 'evidence.pin' && details(a.details).contentSha256 === keyed,
      ),
    ).toBe(true);
  });

  it('refuses writers without evidence.write and outsiders', async () => {
    const [id] = await eventIds(SUBJECT, 'usb_write');
    const auditor = await t.signInAs('auditor');
    expect((await auditor.post(pins(), { eventIds: [id] })).status).toBe(403);
    const outsider = await t.signInAs('investigator');
    expect((await outsider.post(pins(), { eventIds: [id] })).status).toBe(404);
    expect((await outsider.get(pins())).status).toBe(404);
  });
});

describe('a closed case', () => {
  it('refuses pinning and unpinning until reopened, but still verifies', async () => {
    const { pins: listed } = (await lead.get(pins())).body;
    const live = listed.find((p: any) => p.removed === null && p.kind === 'events');
    await t.db
      .updateTable('investigations')
      .set({ status: 'closed' })
      .where('id', '=', caseId)
      .execute();
    const [id] = await eventIds(SUBJECT, 'usb_write');
    const pin = await lead.post(pins(), { eventIds: [id] });
    expect(pin.status).toBe(409);
    expect(pin.body.message).toMatch(/closed/);
    const unpin = await lead.send('DELETE', `${pins()}/${live.id}`, { reason: 'Closing' });
    expect(unpin.status).toBe(409);
    expect((await lead.post(`${pins()}/${live.id}/verify`)).status).toBe(200);
    expect((await lead.get(pins())).body.pins).toHaveLength(listed.length);
  });
});
