import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAnalysis } from '../../../src/server/analysis/runs/run-analysis';
import {
  ensureMonthlyPartitions,
  monthKey,
  partitionName,
} from '../../../src/server/ingest/store/postgres-partitions';
import { FINDINGS_BENCH_ENDPOINTS } from '../../bench/finding-endpoints';
import { eventPartitionsOf, recordPgStatements } from '../../bench/pg-statements';
import type { PlanNode } from '../../bench/pg-statements';
import { testDialect } from '../support/test-database';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { CASE_WINDOW, loadScenarioDataset, openCase, storyline } from './support/scenario-dataset';

/**
 * Every statement a finding endpoint sends over events names the time range it needs, so that
 * PostgreSQL prunes the monthly partitions when it plans: planning a partition costs its
 * indexes' share of catalog reads, and an organization whose HR records go back to 2013 has
 * some 160 of them (the 10M scale run spent 285 ms planning one unbounded statement). The
 * rollups' freshness check (the newest event id of all) cannot be bounded: it reads the marks
 * the events' insert trigger keeps (migration 0054), so it sends no statement over events and
 * a plain max(id) here would fail this test. The department's habits (its apps, its
 * access requests) are looked for over the year before the window too (peer-span.ts).
 */

let t: TestApp;
let analyst: ApiClient;
/** The departing subject's case, and one whose subject asks for access and picks up new apps. */
let caseIds: string[];

let recorder: ReturnType<typeof recordPgStatements> | undefined;

/** Months from January 2013 to December 2026, as HR hires and a year of activity create. */
function manyMonths(): string[] {
  const months: string[] = [];
  for (let year = 2013; year <= 2026; year++)
    for (let month = 1; month <= 12; month++)
      months.push(`${year}-${String(month).padStart(2, '0')}`);
  return months;
}

/** Partitions whose month meets [from, to). */
function monthsOf(from: number, to: number): Set<string> {
  const names = new Set<string>();
  for (let time = from; time < to; time += 86_400_000) names.add(partitionName(monthKey(time)));
  names.add(partitionName(monthKey(to - 1)));
  return names;
}

beforeAll(async () => {
  t = await startTestApp();
  if (testDialect() !== 'postgres') return;
  const pool = t.database.pool!;
  const client = await pool.connect();
  try {
    await ensureMonthlyPartitions(pool, client, t.database.schema!, manyMonths());
  } finally {
    client.release();
  }
  analyst = await t.signInAs('analyst');
  const manifest = await loadScenarioDataset(t);
  caseIds = [];
  for (const story of ['departing-exfiltration', 'access-outside-role'] as const) {
    const caseId = await openCase(analyst, storyline(manifest, story).employeeId);
    await runAnalysis(t.database, caseId);
    caseIds.push(caseId);
  }
  recorder = recordPgStatements();
}, 240_000);
afterAll(async () => {
  recorder?.restore();
  await t?.close();
});

describe.runIf(testDialect() === 'postgres')('finding queries on monthly partitions', () => {
  it('plan only the partitions of the case window and the year before it', async () => {
    const windowStart = Date.parse(`${CASE_WINDOW.windowStart}T00:00:00Z`);
    const windowEnd = Date.parse(`${CASE_WINDOW.windowEnd}T00:00:00Z`);
    const allowed = monthsOf(windowStart - 365 * 86_400_000, windowEnd);
    const pool = t.database.pool!;
    const offenders: string[] = [];
    const texts: string[] = [];
    const endpoints = caseIds.flatMap((caseId) =>
      FINDINGS_BENCH_ENDPOINTS.map((endpoint) => ({ caseId, endpoint })),
    );
    for (const { caseId, endpoint } of endpoints) {
      // The first request may build the rollups (a whole-history pass, once); later ones are
      // what a person waits for.
      const first = await analyst.get(`/investigations/${caseId}/${endpoint}`);
      expect(first.status, `${endpoint}: ${JSON.stringify(first.body)}`).toBe(200);
      const sent = await recorder!.during(() =>
        analyst.get(`/investigations/${caseId}/${endpoint}`),
      );
      for (const statement of sent) {
        if (!/\bevents\b/.test(statement.text)) continue;
        texts.push(statement.text);
        const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `explain (costs off, format json) ${statement.text}`,
          statement.values,
        );
        const planned = [...eventPartitionsOf(rows[0]!['QUERY PLAN'][0]!.Plan)];
        const outside = planned.filter((name) => !allowed.has(name));
        if (outside.length > 0)
          offenders.push(
            `${endpoint}: ${planned.length} partitions (${outside.slice(0, 3).join(', ')}...) for ${statement.text.replace(/\s+/g, ' ').slice(0, 200)}`,
          );
      }
    }
    // The endpoints do read events: a test that captured nothing would pass for nothing. The
    // peers' app users and access requesters are only asked about for a subject's new apps and
    // requests: the second case reaches them.
    expect(texts.length).toBeGreaterThan(10);
    const peerStatements = texts.filter((text) => /count\(distinct employee_id\)/.test(text));
    expect(peerStatements.some((text) => /category = 'app'/.test(text))).toBe(true);
    expect(peerStatements.some((text) => /activity = 'access_request'/.test(text))).toBe(true);
    expect(offenders).toEqual([]);
  }, 300_000);
});
