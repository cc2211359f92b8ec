import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { FindingsWindow } from './window-facts';

/**
 * For each app, how many of these employees signed in to it in `span`: an app the subject has
 * just started using is ordinary when their department uses it too. Only the given apps (the
 * subject's new ones, a handful) are looked up, over the peers' app events. The span is bounded
 * on both sides so that PostgreSQL plans only the monthly partitions it covers.
 */
export async function appUsersAmong(
  db: Kysely<Database>,
  employeeIds: readonly string[],
  apps: readonly string[],
  span: FindingsWindow,
): Promise<Map<string, number>> {
  if (employeeIds.length === 0 || apps.length === 0) return new Map();
  const { rows } = await sql<{ app: string; users: number }>`
    select app, count(distinct employee_id) as users from events
    where employee_id in (${sql.join([...employeeIds])}) and category = 'app'
      and time >= ${span.start} and time < ${span.end} and app in (${sql.join([...apps])})
    group by app`.execute(db);
  return new Map(rows.map((row) => [row.app, Number(row.users)]));
}
