import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAnalysis } from '../../../src/server/analysis/runs/run-analysis';
import {
  ensureMonthlyPartitions,
  monthKey,
  partitionName,
} from '../../../src/server/ingest/store/postgres-partitions';
import { FINDINGS_BENCH_ENDPOINTS } from '../../bench/finding-endpoints';
import { testDialect } from '../support/test-database';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { CASE_WINDOW, loadScenarioDataset, openCase, storyline } from './support/scenario-dataset';

/**
 * Every statement a finding endpoint sends over events names the time range it needs, so that
 * PostgreSQL prunes the monthly partitions when it plans: planning a partition costs its
 * indexes' share of catalog reads, and an organization whose HR records go back to 2013 has
 * some 160 of them (the 10M scale run spent 285 ms planning one unbounded statement). The
 * rollups' freshness check (the newest event id of all) cannot be bounded: it goes through a
 * function whose plan each connection keeps (migration 0046), so it sends no statement over
 * events and a plain max(id) here would fail this test.
 */

let t: TestApp;
let analyst: ApiClient;
let caseId: string;

/** Statements sent on any connection while `recording`, with their parameters. */
const sent: Array<{ text: string; values: unknown[] }> = [];
let recording = false;
const query = pg.Client.prototype.query;

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

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function partitionsOf(node: PlanNode, out = new Set<string>()): Set<string> {
  if (node['Relation Name']?.startsWith('events_')) out.add(node['Relation Name']);
  for (const child of node.Plans ?? []) partitionsOf(child, out);
  return out;
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
  const subject = storyline(manifest, 'departing-exfiltration').employeeId;
  caseId = await openCase(analyst, subject);
  await runAnalysis(t.database, caseId);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording && typeof args[0] === 'string')
      sent.push({ text: args[0], values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}, 240_000);
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t?.close();
});

describe.runIf(testDialect() === 'postgres')('finding queries on monthly partitions', () => {
  it('plan only the partitions of the case window (and the look-backs they state)', async () => {
    const windowStart = Date.parse(`${CASE_WINDOW.windowStart}T00:00:00Z`);
    const windowEnd = Date.parse(`${CASE_WINDOW.windowEnd}T00:00:00Z`);
    const allowed = monthsOf(windowStart, windowEnd);
    const pool = t.database.pool!;
    const offenders: string[] = [];
    let statements = 0;
    for (const endpoint of FINDINGS_BENCH_ENDPOINTS) {
      // The first request may build the rollups (a whole-history pass, once); later ones are
      // what a person waits for.
      const first = await analyst.get(`/investigations/${caseId}/${endpoint}`);
      expect(first.status, `${endpoint}: ${JSON.stringify(first.body)}`).toBe(200);
      sent.length = 0;
      recording = true;
      try {
        await analyst.get(`/investigations/${caseId}/${endpoint}`);
      } finally {
        recording = false;
      }
      for (const statement of sent.splice(0)) {
        if (!/\bevents\b/.test(statement.text)) continue;
        statements++;
        const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `explain (costs off, format json) ${statement.text}`,
          statement.values,
        );
        const planned = [...partitionsOf(rows[0]!['QUERY PLAN'][0]!.Plan)];
        const outside = planned.filter((name) => !allowed.has(name));
        if (outside.length > 0)
          offenders.push(
            `${endpoint}: ${planned.length} partitions (${outside.slice(0, 3).join(', ')}...) for ${statement.text.replace(/\s+/g, ' ').slice(0, 200)}`,
          );
      }
    }
    // The endpoints do read events: a test that captured nothing would pass for nothing.
    expect(statements).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  }, 300_000);
});
