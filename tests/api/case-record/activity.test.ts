import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ActivityReply } from '../../../src/shared/schemas/case-activity';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { addIncidents, closeCase, openCase } from './case-support';

let t: TestApp;
let lead: ApiClient;
let colleague: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  colleague = await t.signInAs('analyst');
  outsider = await t.signInAs('investigator');
});
afterAll(async () => {
  await t?.close();
});

describe('the case history', () => {
  it('shows assignment, note, status change and closing, newest first, without the reads', async () => {
    const c = await openCase(lead);
    await openCase(lead, 'Some other case'); // its history stays out of this one
    await lead.patch(`/investigations/${c.id}`, { assigneeUserId: colleague.user!.id });
    const note = await lead.post(`/investigations/${c.id}/notes`, {
      body: 'Copied **4,210 files** to USB.',
    });
    // Reading the case, its notes and its history many times adds nothing to the history.
    for (let i = 0; i < 5; i++) {
      await lead.get(`/investigations/${c.id}`);
      await lead.get(`/investigations/${c.id}/notes`);
      await lead.get(`/investigations/${c.id}/activity`);
      await lead.get(`/investigations/${c.id}/incidents`);
    }
    await lead.patch(`/investigations/${c.id}`, { status: 'in_review' });
    await closeCase(lead, c.id);

    const reply = await colleague.get<ActivityReply>(`/investigations/${c.id}/activity`);
    expect(reply.status).toBe(200);
    expect(reply.body.entries.map((e) => [e.action, e.summary])).toEqual([
      [
        'investigation.update',
        'Closed the investigation as Benign: The copies went to the approved backup drive.',
      ],
      ['investigation.update', 'Moved the investigation from Open to In review'],
      ['note.create', 'Wrote a note'],
      ['investigation.update', 'Assigned the investigation to Test analyst'],
      ['investigation.create', 'Opened the investigation'],
    ]);
    const [closed, , noteLine, assigned] = reply.body.entries;
    expect(closed!.actor).toEqual({
      id: lead.user!.id,
      email: lead.user!.email,
      displayName: 'Test investigator',
    });
    expect(noteLine!.note).toMatchObject({
      id: note.body.id,
      body: 'Copied **4,210 files** to USB.',
    });
    expect(assigned!.details).toMatchObject({
      changes: { assigneeUserId: { from: null, to: colleague.user!.id } },
    });
    const times = reply.body.entries.map((e) => e.at);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(reply.body.next).toBeNull();
  });

  it('pages by cursor without repeating or skipping a line', async () => {
    const c = await openCase(lead);
    for (let i = 1; i <= 5; i++)
      await lead.post(`/investigations/${c.id}/notes`, { body: `Note ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: ActivityReply } = await lead.get<ActivityReply>(
        `/investigations/${c.id}/activity`,
        cursor ? { limit: 2, cursor } : { limit: 2 },
      );
      expect(page.body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.entries.map((e) => e.note?.body ?? e.action));
      cursor = page.body.next;
    } while (cursor);
    expect(seen).toEqual([
      'Note 5',
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
      'investigation.create',
    ]);
    const bad = await lead.get(`/investigations/${c.id}/activity`, { cursor: 'abc' });
    expect(bad.status).toBe(400);
  });

  it('includes incident changes and reopening, and is hidden from who may not see the case', async () => {
    const c = await openCase(lead);
    const [incident] = await addIncidents(t, c.id, 1);
    await lead.post(`/investigations/${c.id}/incidents/bulk`, {
      incidentIds: [incident],
      status: 'dismissed',
      reason: 'Approved backup.',
    });
    await closeCase(lead, c.id);
    await lead.patch(`/investigations/${c.id}`, { status: 'open', reason: 'A second copy.' });
    const reply = await lead.get<ActivityReply>(`/investigations/${c.id}/activity`);
    expect(reply.body.entries.map((e) => e.summary)).toEqual([
      'Reopened the investigation: A second copy.',
      'Closed the investigation as Benign: The copies went to the approved backup drive.',
      'Set incident “Mass copy to USB #1” to Dismissed (bulk change): Approved backup.',
      'Opened the investigation',
    ]);
    expect((await outsider.get(`/investigations/${c.id}/activity`)).status).toBe(404);
  });
});
