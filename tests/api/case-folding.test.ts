import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { upsertEmployees } from '../../src/server/db/queries/employees';
import { foldCase } from '../../src/server/db/fold-case';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

const PEOPLE = [
  ['EF001', 'ΩΜΕΓΑ Papadopoulos', 'omega@northwind.example'],
  ['EF002', 'İlker Yılmaz', 'ilker@northwind.example'],
  ['EF003', 'ΟΔΥΣΣΕΑΣ Nikolaou', 'odysseas@northwind.example'],
  ['EF004', 'ÖDÖN Kovács', 'odon@northwind.example'],
] as const;

function person([id, fullName, email]: (typeof PEOPLE)[number]) {
  return {
    id,
    full_name: fullName,
    email,
    department: 'Folding',
    title: null,
    manager_id: null,
    location: null,
    timezone: null,
    work_start_hour: null,
    work_end_hour: null,
    start_date: null,
    resignation_date: null,
    departure_date: null,
  };
}

describe('case-insensitive search', () => {
  let t: TestApp;
  let admin: ApiClient;
  beforeAll(async () => {
    t = await startTestApp();
    await upsertEmployees(t.db, PEOPLE.map(person), Date.now());
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const found = async (q: string) => {
    const reply = await admin.get('/identity/employees', { q });
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
    return (reply.body.employees as Array<{ id: string }>).map((e) => e.id);
  };

  it('finds letters beyond ASCII whatever their case, on both engines alike', async () => {
    expect(await found('ωμεγα')).toEqual(['EF001']);
    expect(await found('Ωμεγα')).toEqual(['EF001']);
    expect(await found('ilker')).toEqual(['EF002']);
    expect(await found('İLKER')).toEqual(['EF002']);
    // Σ folds to σ everywhere, never to the final ς that JavaScript would pick at a word's end.
    expect(await found('οδυσσεασ')).toEqual(['EF003']);
    expect(await found('ödön')).toEqual(['EF004']);
    // Wildcards in the needle stay literal.
    expect(await found('%')).toEqual([]);
  });

  it('folds the way PostgreSQL lower() does', () => {
    expect(foldCase('İSTANBUL Ω ΟΔΟΣ ǅ')).toBe('istanbul ω οδοσ ǆ');
    expect(foldCase('Plain ASCII')).toBe('plain ascii');
  });
});
