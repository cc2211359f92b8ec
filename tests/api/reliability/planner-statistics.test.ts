import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  autovacuumRuns,
  eventsHierarchyRows,
  tablesPastAnalyzeThreshold,
} from '../../../src/server/db/queries/table-statistics';
import { refreshStatistics } from '../../../src/server/startup/planner-statistics/refresh-statistics';
import { insertEvents } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

const DAY = 86_400_000;
const START = Date.parse('2026-09-01T09:00:00Z');

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('planner statistics', () => {
  it('are gathered for the events hierarchy once it has grown, and nothing is redone after', async () => {
    const person = (
      await t.db.selectFrom('employees').select('id').limit(1).executeTakeFirstOrThrow()
    ).id;
    // Two months: two partitions on PostgreSQL.
    const events = Array.from({ length: 3000 }, (_, i) => ({
      time: START + (i % 60) * DAY + i * 1000,
      employee_id: person,
      category: 'file' as const,
      activity: i % 2 === 0 ? 'file_view' : 'file_download',
    }));
    for (let i = 0; i < events.length; i += 500) await insertEvents(t, events.slice(i, i + 500));
    if (t.dialect === 'sqlite') {
      expect(await refreshStatistics(t.database)).toEqual([]);
      return;
    }
    // The inserting connections report their counts to the statistics system within a second.
    await expect
      .poll(async () => (await eventsHierarchyRows(t.db)).live, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3000);
    expect((await eventsHierarchyRows(t.db)).analyzed).toBeNull();

    expect(await refreshStatistics(t.database)).toContain('events');
    const after = await eventsHierarchyRows(t.db);
    expect(after.analyzed).toBeGreaterThanOrEqual(3000);
    // The planner now knows the parent's columns: two activities, not a guess.
    const { rows } = await sql<{ n: number }>`
      select n_distinct as n from pg_stats
      where schemaname = current_schema() and tablename = 'events' and attname = 'activity'
        and inherited`.execute(t.db);
    expect(rows.map((row) => Number(row.n))).toEqual([2]);
    // Where autovacuum is off, every table past its threshold was analyzed too.
    if (!(await autovacuumRuns(t.db))) expect(await tablesPastAnalyzeThreshold(t.db)).toEqual([]);

    // Nothing has changed since: the next pass analyzes nothing.
    expect(await refreshStatistics(t.database)).toEqual([]);
  }, 60_000);
});
