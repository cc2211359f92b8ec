import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/**
 * Claims due investigations for the process `owner`: each is moved from pending to running by
 * a conditional update, so when two processes share one PostgreSQL database exactly one of
 * them wins each case. Returns the ids this process claimed, oldest request first.
 */
export async function claimPendingInvestigations(
  db: Kysely<Database>,
  now: number,
  limit: number,
  owner: string,
): Promise<string[]> {
  const due = await db
    .selectFrom('investigations')
    .select('id')
    .where('analysis_state', '=', 'pending')
    .orderBy('analysis_updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: string[] = [];
  for (const { id } of due) {
    const result = await db
      .updateTable('investigations')
      .set({
        analysis_state: 'running',
        analysis_updated_at: now,
        analysis_owner: owner,
        analysis_heartbeat_at: now,
      })
      .where('id', '=', id)
      .where('analysis_state', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(id);
  }
  return claimed;
}

/** Marks a run as started by `owner` whatever the state (a run asked for directly, as tests do). */
export async function markAnalysisRunning(
  db: Kysely<Database>,
  id: string,
  now: number,
  owner: string,
): Promise<void> {
  await db
    .updateTable('investigations')
    .set({
      analysis_state: 'running',
      analysis_updated_at: now,
      analysis_owner: owner,
      analysis_heartbeat_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends a run. Only a case still `running` changes: if new events or a new window made it
 * `pending` while the run was under way, it stays pending and runs again.
 */
export async function finishAnalysis(
  db: Kysely<Database>,
  id: string,
  state: 'idle' | 'failed',
  now: number,
): Promise<void> {
  await db
    .updateTable('investigations')
    .set({ analysis_state: state, analysis_updated_at: now, analysis_owner: null })
    .where('id', '=', id)
    .where('analysis_state', '=', 'running')
    .execute();
}

/** Hands a claimed case back to the queue before its run started (the runner is stopping). */
export async function returnToQueue(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('investigations')
    .set({ analysis_state: 'pending', analysis_owner: null })
    .where('id', '=', id)
    .where('analysis_state', '=', 'running')
    .execute();
}

/** What a run needs to know about the case and its subject. */
export interface AnalysisSubject {
  investigationId: string;
  employeeId: string;
  department: string | null;
  timezone: string | null;
  workStartHour: number | null;
  workEndHour: number | null;
  resignationDate: string | null;
  departureDate: string | null;
  windowStart: number;
  windowEnd: number;
  riskLevel: string;
  analysisState: string;
}

/** The case and its subject, or undefined when the case is gone. */
export async function findAnalysisSubject(
  db: Kysely<Database>,
  id: string,
): Promise<AnalysisSubject | undefined> {
  const row = await db
    .selectFrom('investigations as i')
    .innerJoin('employees as e', 'e.id', 'i.subject_employee_id')
    .select([
      'i.id',
      'e.id as employee_id',
      'e.department',
      'e.timezone',
      'e.work_start_hour',
      'e.work_end_hour',
      'e.resignation_date',
      'e.departure_date',
      'i.window_start',
      'i.window_end',
      'i.risk_level',
      'i.analysis_state',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    investigationId: row.id,
    employeeId: row.employee_id,
    department: row.department,
    timezone: row.timezone,
    workStartHour: row.work_start_hour,
    workEndHour: row.work_end_hour,
    resignationDate: row.resignation_date,
    departureDate: row.departure_date,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    riskLevel: row.risk_level,
    analysisState: row.analysis_state,
  };
}

/**
 * Queues every case that is not closed for a new run (after the configuration changed). A case
 * running now becomes pending too, so it runs again with the new settings once this run ends.
 * Returns the ids queued.
 */
export async function queueOpenInvestigations(
  db: Kysely<Database>,
  now: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('investigations')
    .set({ analysis_state: 'pending', analysis_updated_at: now })
    .where('status', '<>', 'closed')
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort();
}
