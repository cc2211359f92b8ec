import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sql } from 'kysely';

import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import { queueEmployeesForDetection } from '../../../src/server/db/queries/detection-queue';
import {
  firstAndLastEventsOf,
  matchableSpansOf,
} from '../../../src/server/db/queries/detection-spans';
import { departureRowsOf } from '../../../src/server/db/queries/people-signals';
import { recordPgStatements } from '../../bench/pg-statements';
import type { SentStatement } from '../../bench/pg-statements';
import { insertEvents } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

const MINUTE = 60_000;
const NOW = Date.parse('2026-11-20T15:00:00Z');
/** Years before the rest: on PostgreSQL, a partition of its own far from the others. */
const HIRED = Date.parse('2015-03-02T09:00:00Z');
/** The quiet person's resignation, also years back. */
const RESIGNED = Date.parse('2016-06-01T09:00:00Z');
/** 60 deletions from 10:00 UTC, where a 2-hour window of mass-deletion begins. */
const BURST = Date.parse('2026-11-18T10:00:00Z');

let t: TestApp;
let person: string;
let quiet: string;

beforeAll(async () => {
  t = await startTestApp();
  [person, quiet] = (
    await t.db.selectFrom('employees').select('id').orderBy('id').limit(2).execute()
  ).map((row) => row.id) as [string, string];
  await insertEvents(t, [
    { time: HIRED, employee_id: person, category: 'hr', activity: 'hr_hire' },
    { time: HIRED, employee_id: quiet, category: 'hr', activity: 'hr_hire' },
    { time: RESIGNED, employee_id: quiet, category: 'hr', activity: 'hr_resignation' },
    ...Array.from({ length: 60 }, (_, i) => ({
      time: BURST + i * MINUTE,
      employee_id: person,
      category: 'file' as const,
      activity: 'file_delete',
    })),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('detection over a person whose history reaches back years', () => {
  it('reads the span of the events a rule can match, and every event for a baseline', async () => {
    const span = { from: HIRED - 1, to: NOW };
    const matchable = await matchableSpansOf(t.db, [person, quiet], ['file_delete'], span);
    expect([...matchable]).toEqual([[person, { first: BURST, last: BURST + 59 * MINUTE }]]);
    expect(
      await firstAndLastEventsOf(t.db, [
        { employeeId: person, ...span },
        { employeeId: person, from: BURST + MINUTE, to: NOW },
        { employeeId: quiet, from: BURST, to: NOW },
      ]),
    ).toEqual([
      { first: HIRED, last: BURST + 59 * MINUTE },
      { first: BURST + MINUTE, last: BURST + 59 * MINUTE },
      { first: null, last: null },
    ]);
  });

  it('reads a departure years back, the same on every run, without planning every partition', async () => {
    // On PostgreSQL the read goes through a function whose plan each connection keeps
    // (migration 0049): no statement over events is sent, so none is planned over the years
    // of monthly partitions the read reaches back through.
    const recorder = recordPgStatements();
    let sent: SentStatement[];
    try {
      sent = await recorder.during(async () => {
        for (let run = 0; run < 3; run++) {
          const rows = await departureRowsOf(t.db, [person, quiet], NOW);
          expect([...rows.keys()]).toEqual([quiet]);
          expect(rows.get(quiet)!.map((row) => [row.activity, Number(row.time)])).toEqual([
            ['hr_resignation', RESIGNED],
          ]);
          // In a caller's transaction the function's generic plan ends with the read: nothing
          // else is forced.
          const mode = await t.db.transaction().execute(async (trx) => {
            await departureRowsOf(trx, [quiet], NOW);
            if (t.dialect === 'sqlite') return null;
            return (
              await sql<{
                mode: string;
              }>`select current_setting('plan_cache_mode') as mode`.execute(trx)
            ).rows[0]!.mode;
          });
          expect(mode).toBe(t.dialect === 'sqlite' ? null : 'auto');
        }
      });
    } finally {
      recorder.restore();
    }
    expect(sent.filter(({ text }) => /\bevents\b/.test(text))).toEqual([]);
  });

  it('raises a baseline rule judged against the years-old first event', async () => {
    // The hire, years before, is what tells the burst apart from the person's first activity:
    // a baseline read only from the deletions would see nothing before the burst, and no alert.
    await queueEmployeesForDetection(t.db, [person, quiet], NOW);
    const outcome = await runDetectionPass(t.database, { now: () => NOW });
    expect(outcome.failed).toBe(0);
    const alerts = await t.db
      .selectFrom('alerts')
      .select(['employee_id', 'rule_id', 'first_time', 'last_time', 'event_count'])
      .where('rule_id', '=', 'mass-deletion')
      .execute();
    expect(
      alerts.map((a) => ({
        ...a,
        first_time: Number(a.first_time),
        last_time: Number(a.last_time),
        event_count: Number(a.event_count),
      })),
    ).toEqual([
      {
        employee_id: person,
        rule_id: 'mass-deletion',
        first_time: BURST,
        last_time: BURST + 59 * MINUTE,
        event_count: 60,
      },
    ]);
  });
});
