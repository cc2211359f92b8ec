import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadDataset, openCase } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Issue 23, item 2: an identifier the caller sends must not come back as that person's
 * pseudonym (which would turn a guessed name into its pseudonym, one request per guess).
 * Messages do not echo request values, and text a caller wrote (a note, a title) shows the
 * people it names as "[withheld]", never as their pseudonyms.
 */

let t: TestApp;
let admin: ApiClient;
let caseId: string;
let target: { id: string; name: string; email: string };
let others: Array<{ id: string; name: string; email: string }>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  const manifest = await loadDataset(t, {
    seed: 7,
    employees: 12,
    days: 10,
    endDate: '2026-11-20',
  });
  const subjectId = manifest.scenarios[0]!.employeeId;
  const rows = await t.db.selectFrom('employees').select(['id', 'full_name', 'email']).execute();
  const people = rows.map((r) => ({ id: r.id, name: r.full_name, email: r.email }));
  target = people.find((p) => p.id === subjectId)!;
  others = people.filter((p) => p.id !== subjectId).slice(0, 5);
  caseId = (await openCase(admin, subjectId, manifest, `Departure of ${target.name}`)).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every form a person's pseudonym takes in a reply: name, address, handle. */
async function pseudonymForms(id: string): Promise<string[]> {
  const shown = await admin.get(`/identity/employees/${id}`);
  expect(shown.status).toBe(200);
  const email = String(shown.body.email).toLowerCase();
  return [String(shown.body.fullName).toLowerCase(), email, email.slice(0, email.indexOf('@'))];
}

/** What of a person (real or pseudonymous) a reply gives away. */
async function givenAway(body: unknown, person: { id: string; name: string; email: string }) {
  const text = JSON.stringify(body).toLowerCase();
  const forms = [person.name.toLowerCase(), person.email.toLowerCase()];
  forms.push(...(await pseudonymForms(person.id)));
  return forms.filter((form) => text.includes(form));
}

describe('an identifier sent as a parameter', () => {
  it('is not echoed in a 404 for an employee', async () => {
    for (const sent of [target.email, target.email.toUpperCase(), target.name]) {
      const reply = await admin.get(`/identity/employees/${encodeURIComponent(sent)}`);
      expect(reply.status, sent).toBe(404);
      expect(reply.body.message).toBe('There is no employee with that id.');
      expect(await givenAway(reply.body, target)).toEqual([]);
    }
  });

  it('is not echoed in a 404 for an integration, its collection or its quarantine', async () => {
    for (const path of ['collection', 'quarantine']) {
      const reply = await admin.get(`/integrations/${encodeURIComponent(target.email)}/${path}`);
      expect(reply.status, path).toBe(404);
      expect(reply.body.message).toBe('There is no integration with that id.');
      expect(await givenAway(reply.body, target)).toEqual([]);
    }
  });

  it('is not echoed in a 404 for an investigation', async () => {
    const reply = await admin.get(`/investigations/${encodeURIComponent(target.email)}`);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Investigation report with that id not found');
    expect(await givenAway(reply.body, target)).toEqual([]);
    // A case id is still named, as the brief's message has it.
    const missing = '00000000-0000-4000-8000-000000000000';
    const byId = await admin.get(`/investigations/${missing}`);
    expect(byId.body.message).toBe(`Investigation report ${missing} not found`);
  });

  it('is not echoed when the timeline refuses it as a counterpart', async () => {
    const reply = await admin.get(`/investigations/${caseId}/timeline/events`, {
      counterpart: target.email,
    });
    expect(reply.status).toBe(400);
    expect(await givenAway(reply.body, target)).toEqual([]);
  });

  it('is not echoed when a subject is not in the directory', async () => {
    const reply = await admin.post('/investigations', {
      title: 'A case about nobody',
      subjectEmployeeId: target.email,
      type: 'data_exfiltration',
    });
    expect(reply.status).toBe(400);
    expect(await givenAway(reply.body, target)).toEqual([]);
  });
});

describe('text a caller wrote', () => {
  it('shows the people a note names as [withheld], never as their pseudonyms', async () => {
    const body = others.map((p) => `${p.name} <${p.email}>`).join('; ');
    const created = await admin.post(`/investigations/${caseId}/notes`, { body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const notes = await admin.get(`/investigations/${caseId}/notes`);
    const activity = await admin.get(`/investigations/${caseId}/activity`);
    for (const reply of [created, notes, activity]) {
      for (const person of others) expect(await givenAway(reply.body, person)).toEqual([]);
    }
    const shown = notes.body.notes.find((n: { id: string }) => n.id === created.body.id);
    expect(shown.body).toBe(others.map(() => '[withheld] <[withheld]>').join('; '));
  });

  it('shows the person a case title names as [withheld], while the subject field is a pseudonym', async () => {
    const shown = await admin.get(`/investigations/${caseId}`);
    expect(shown.body.title).toBe('Departure of [withheld]');
    expect(shown.body.subject.fullName).toMatch(/^Person [0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const list = await admin.get('/investigations');
    expect(JSON.stringify(list.body)).toContain('Departure of [withheld]');
  });
});
