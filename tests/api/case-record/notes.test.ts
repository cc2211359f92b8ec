import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CaseNote } from '../../../src/shared/schemas/case-notes';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { auditOf, closeCase, openCase } from './case-support';

let t: TestApp;
let lead: ApiClient;
let outsider: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  outsider = await t.signInAs('investigator');
  auditor = await t.signInAs('auditor');
});
afterAll(async () => {
  await t?.close();
});

const IMMUTABLE = 'Notes cannot be changed or deleted: write a new note that amends it.';

/** A note as written, or the refusal's sentence. */
type NoteOrRefusal = CaseNote & { message?: string };

async function write(caseId: string, body: Record<string, unknown>, client = lead) {
  return client.post<NoteOrRefusal>(`/investigations/${caseId}/notes`, body);
}

describe('writing notes', () => {
  it('keeps a Markdown note with its author and time, lists it, and audits it', async () => {
    const c = await openCase(lead);
    const before = Date.now();
    const reply = await write(c.id, { body: '**USB copy** of `customers.xlsx` at 18:02.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      investigationId: c.id,
      body: '**USB copy** of `customers.xlsx` at 18:02.',
      amends: null,
      author: { id: lead.user!.id, email: lead.user!.email },
    });
    expect(reply.body.createdAt).toBeGreaterThanOrEqual(before);

    const list = await auditor.get<{ notes: CaseNote[] }>(`/investigations/${c.id}/notes`);
    expect(list.status).toBe(200);
    expect(list.body.notes).toEqual([reply.body]);

    const audit = await auditOf(t, 'note.create', c.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(lead.user!.id);
    expect(audit[0]!.details).toMatchObject({ noteId: reply.body.id, amends: null });
  });

  it('corrects a note with a new note that amends it; the first stays as written', async () => {
    const c = await openCase(lead);
    const first = await write(c.id, { body: 'The copy was made at 18:02.' });
    const fix = await write(c.id, { body: 'Correction: 17:02 UTC.', amends: first.body.id });
    expect(fix.status).toBe(201);
    expect(fix.body.amends).toBe(first.body.id);
    const list = await lead.get<{ notes: CaseNote[] }>(`/investigations/${c.id}/notes`);
    expect(list.body.notes.map((n) => n.body)).toEqual([
      'The copy was made at 18:02.',
      'Correction: 17:02 UTC.',
    ]);
  });

  it('refuses to amend a note of another case (400), and nothing is written', async () => {
    const mine = await openCase(lead);
    const other = await openCase(lead);
    const foreign = await write(other.id, { body: 'A note on the other case.' });
    const reply = await write(mine.id, { body: 'Amends what?', amends: foreign.body.id });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('The note it amends is not a note of this investigation.');
    const unknown = await write(mine.id, { body: 'Amends what?', amends: 'no-such-note' });
    expect(unknown.status).toBe(400);
    const list = await lead.get<{ notes: CaseNote[] }>(`/investigations/${mine.id}/notes`);
    expect(list.body.notes).toEqual([]);
  });

  it('refuses empty, too long and unstorable notes with a sentence', async () => {
    const c = await openCase(lead);
    const empty = await write(c.id, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const long = await write(c.id, { body: 'x'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/20,000 characters/);
    expect((await write(c.id, { body: 'x'.repeat(20_000) })).status).toBe(201);
    const nul = await write(c.id, { body: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/NUL/);
  });

  it('answers 404 to someone who may not see the case, and 403 to a role that may not write', async () => {
    const c = await openCase(lead);
    expect((await write(c.id, { body: 'Hello' }, outsider)).status).toBe(404);
    expect((await outsider.get(`/investigations/${c.id}/notes`)).status).toBe(404);
    expect((await write(c.id, { body: 'Hello' }, auditor)).status).toBe(403);
  });
});

describe('notes are append-only', () => {
  it('answers 405 with a sentence to PUT, PATCH and DELETE, on a note and on the list', async () => {
    const c = await openCase(lead);
    const note = await write(c.id, { body: 'Original words.' });
    const paths = [
      `/investigations/${c.id}/notes/${note.body.id}`,
      `/investigations/${c.id}/notes`,
    ];
    for (const path of paths) {
      for (const reply of [
        await lead.put(path, { body: 'Rewritten.' }),
        await lead.patch(path, { body: 'Rewritten.' }),
        await lead.delete(path),
      ]) {
        expect(reply.status, path).toBe(405);
        expect(reply.body).toEqual({ error: 'Method Not Allowed', message: IMMUTABLE });
        expect(reply.headers.allow).toBe('GET, POST');
      }
    }
    const list = await lead.get<{ notes: CaseNote[] }>(`/investigations/${c.id}/notes`);
    expect(list.body.notes.map((n) => n.body)).toEqual(['Original words.']);
  });

  it('is kept by the database too: a direct UPDATE is refused', async () => {
    const c = await openCase(lead);
    const note = await write(c.id, { body: 'Original words.' });
    await expect(
      t.db
        .updateTable('case_notes')
        .set({ body: 'Rewritten behind the API.' })
        .where('id', '=', note.body.id)
        .execute(),
    ).rejects.toThrow(/case_notes cannot be changed/);
    const row = await t.db
      .selectFrom('case_notes')
      .select('body')
      .where('id', '=', note.body.id)
      .executeTakeFirstOrThrow();
    expect(row.body).toBe('Original words.');
  });

  it('refuses a note on a closed case (409) and writes nothing', async () => {
    const c = await openCase(lead);
    await closeCase(lead, c.id);
    const reply = await write(c.id, { body: 'Too late.' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(
      'This investigation is closed: reopen it before changing anything.',
    );
    const list = await lead.get<{ notes: CaseNote[] }>(`/investigations/${c.id}/notes`);
    expect(list.body.notes).toEqual([]);
    expect(await auditOf(t, 'note.create', c.id)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the notes routes', async () => {
    const doc = await lead.get('/openapi.json');
    const path = doc.body.paths['/api/app/investigations/{id}/notes'];
    expect(Object.keys(path)).toEqual(expect.arrayContaining(['get', 'post']));
  });
});
