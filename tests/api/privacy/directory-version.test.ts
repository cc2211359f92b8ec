import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openCase } from '../case-record/case-support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * The redactor knows the directory as it is now: a person written by another process (an
 * `npm run ingest`, an operator's SQL) is redacted on the very next reply, a renamed person under
 * the new name, a removed one no longer. The triggers of migration 0021 keep the version.
 */

let t: TestApp;
let investigator: ApiClient;
let caseId: string;

const NEWCOMER = 'Zanele Mokoena';
const RENAMED = 'Zanele Dlamini';

async function description(): Promise<string> {
  const reply = await investigator.get(`/investigations/${caseId}`);
  expect(reply.status).toBe(200);
  return reply.body.description as string;
}

async function version(): Promise<number> {
  const row = await t.db
    .selectFrom('directory_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

beforeAll(async () => {
  t = await startTestApp();
  investigator = await t.signInAs('investigator');
  caseId = (await openCase(investigator)).id;
  const edited = await investigator.patch(`/investigations/${caseId}`, {
    description: `Tip: ${NEWCOMER} and ${RENAMED} were seen with the subject.`,
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the directory the redactor reads', () => {
  it('redacts a person added, renamed and removed behind the server’s back at once', async () => {
    // Not an employee yet: a name in free text is left as written.
    expect(await description()).toContain(NEWCOMER);

    const now = Date.now();
    const before = await version();
    await t.db
      .insertInto('employees')
      .values({
        id: 'E990001',
        full_name: NEWCOMER,
        email: 'zanele.mokoena@example.com',
        department: null,
        title: null,
        manager_id: null,
        location: null,
        timezone: null,
        work_start_hour: null,
        work_end_hour: null,
        start_date: null,
        resignation_date: null,
        departure_date: null,
        aliases: null,
        created_at: now,
        // An updated_at in the past: the version does not depend on the writer's clock.
        updated_at: 0,
      })
      .execute();
    expect(await version()).toBeGreaterThan(before);
    let text = await description();
    expect(text).not.toContain(NEWCOMER);
    expect(text).toContain(RENAMED);

    await t.db
      .updateTable('employees')
      .set({ full_name: RENAMED })
      .where('id', '=', 'E990001')
      .execute();
    text = await description();
    expect(text).toContain(NEWCOMER);
    expect(text).not.toContain(RENAMED);

    await t.db.deleteFrom('employees').where('id', '=', 'E990001').execute();
    text = await description();
    expect(text).toContain(NEWCOMER);
    expect(text).toContain(RENAMED);
  });

  it('moves once for a statement that writes many people on PostgreSQL, per row on SQLite', async () => {
    const before = await version();
    await t.db
      .updateTable('employees')
      .set({ updated_at: Date.now() })
      .where('id', 'in', ['E1001', 'E1002', 'E1003'])
      .execute();
    const moved = (await version()) - before;
    expect(moved).toBe(t.dialect === 'postgres' ? 1 : 3);
  });
});
