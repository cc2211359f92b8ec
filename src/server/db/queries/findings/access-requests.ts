import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Dialect } from '../../dialect';
import type { Database } from '../../schema';
import { activityTime } from './sql-parts';
import type { FindingsWindow } from './window-facts';

/** One access request event with the attributes the ticketing parser keeps. */
export interface AccessRequestEvent {
  id: number;
  time: number;
  target: string | null;
  outcome: string;
  attributes: unknown;
}

/** The subject's access requests in the window, oldest first. */
export async function accessRequestEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
): Promise<AccessRequestEvent[]> {
  const time = activityTime(dialect);
  const { rows } = await sql<AccessRequestEvent>`
    select id, time, target, outcome, attributes from events
    where employee_id = ${employeeId} and activity = 'access_request'
      and ${time} >= ${window.start} and ${time} < ${window.end}
    order by ${time}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), time: Number(row.time) }));
}

/** The subject's department peers (same department, not the subject). */
export async function departmentPeers(
  db: Kysely<Database>,
  employeeId: string,
  department: string | null,
): Promise<string[]> {
  if (!department) return [];
  const rows = await db
    .selectFrom('employees')
    .select('id')
    .where('department', '=', department)
    .where('id', '<>', employeeId)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * For each resource, how many of these employees asked for it (with any role) in `span`. The
 * span is bounded on both sides so that PostgreSQL plans only the monthly partitions it covers.
 */
export async function requestersByResource(
  db: Kysely<Database>,
  employeeIds: readonly string[],
  resources: readonly string[],
  span: FindingsWindow,
): Promise<Array<{ resource: string; role: string | null; requesters: number }>> {
  if (employeeIds.length === 0 || resources.length === 0) return [];
  const { rows } = await sql<{ resource: string; role: string | null; requesters: number }>`
    select target as resource, null as role, count(distinct employee_id) as requesters from events
    where employee_id in (${sql.join([...employeeIds])}) and activity = 'access_request'
      and target in (${sql.join([...resources])})
      and time >= ${span.start} and time < ${span.end}
    group by target`.execute(db);
  return rows.map((row) => ({ ...row, requesters: Number(row.requesters) }));
}
