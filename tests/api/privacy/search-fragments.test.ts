import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadDataset, openCase } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Issue 23, item 4: a text search is a name test when it matches raw text behind the
 * pseudonyms ("ayoun" finds hits only in the case whose subject is ayoung). Every `q` of every
 * route is guarded: a search that holds a name, address or account name, whole or in part, is
 * refused to those who may not reveal identities, and audited for those who may.
 */

let t: TestApp;
let admin: ApiClient;
let reader: ApiClient;
let caseId: string;
let subject: { id: string; name: string; email: string; login: string };

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
  const row = await t.db
    .selectFrom('employees')
    .select(['id', 'full_name', 'email'])
    .where('id', '=', subjectId)
    .executeTakeFirstOrThrow();
  subject = {
    id: row.id,
    name: row.full_name,
    email: row.email,
    login: row.email.slice(0, row.email.indexOf('@')),
  };
  caseId = (await openCase(admin, subjectId, manifest, 'Departure review')).id;
  await t.db
    .insertInto('roles')
    .values({
      id: 'evidence_reader',
      name: 'Evidence reader',
      description: 'Reads every case and its evidence, reveals nobody.',
      permissions: JSON.stringify([
        'investigations.read',
        'investigations.read_all',
        'evidence.read',
        'employees.read',
      ]),
      built_in: 0,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  reader = await t.signInAs('evidence_reader');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function nameSearchesOf(client: ApiClient): Promise<Array<Record<string, unknown>>> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', 'person.search_by_name')
    .where('actor_email', '=', client.user!.email)
    .execute();
  return rows.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details));
}

/** Searches that name the subject, whole or in part, on routes across and inside cases. */
function nameSearches(): Array<[string, Record<string, string>]> {
  const fragment = subject.login.slice(0, -1);
  const first = subject.name.split(' ')[0]!;
  return [
    ['/search/events', { q: fragment }],
    ['/search/events', { q: subject.login.toUpperCase() }],
    [`/investigations/${caseId}/timeline/events`, { q: subject.email }],
    [`/investigations/${caseId}/timeline/events`, { q: fragment }],
    [`/investigations/${caseId}/events`, { q: subject.login }],
    ['/investigations', { q: first }],
    ['/incidents/search', { q: fragment }],
    ['/identity/employees', { q: fragment }],
  ];
}

describe('a search holding a name, an address or an account name, whole or in part', () => {
  it('is refused to a reader who may not reveal identities, on every route', async () => {
    for (const [path, query] of nameSearches()) {
      const reply = await reader.get(path, query);
      expect(reply.status, `${path} ${query.q}`).toBe(403);
      expect(reply.body.message).toMatch(/permission to reveal identities/);
    }
    expect(await nameSearchesOf(reader)).toEqual([]);
  });

  it('is answered and audited for someone who may reveal identities', async () => {
    const searches = nameSearches();
    for (const [path, query] of searches) {
      const reply = await admin.get(path, query);
      expect(reply.status, `${path} ${query.q}`).toBe(200);
    }
    const audited = await nameSearchesOf(admin);
    expect(audited).toHaveLength(searches.length);
    expect(audited.map((d) => d.q)).toEqual(searches.map(([, query]) => query.q));
  });

  it('leaves a search for ordinary words alone', async () => {
    for (const q of ['USB', 'roadmap', 'Person 7F3K']) {
      const reply = await reader.get('/search/events', { q });
      expect(reply.status, q).toBe(200);
      const inCase = await reader.get(`/investigations/${caseId}/timeline/events`, { q });
      expect(inCase.status, q).toBe(200);
    }
    expect(await nameSearchesOf(reader)).toEqual([]);
  });
});
