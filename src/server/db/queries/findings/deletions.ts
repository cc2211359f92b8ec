import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { RollupBuild } from './rollups';
import { activityTime, jsonNumber } from './sql-parts';
import type { FindingsWindow } from './window-facts';
import { deletionHourFacts } from './window-facts';

const HOUR_MS = 3_600_000;

/**
 * event_deletion_hours rows computed from events in [from, to): deletions per hour, mail
 * counted in items (one mail event may hard-delete several).
 */
export function deletionHoursSelect(build: RollupBuild, from: number, to: number) {
  const time = activityTime(build.dialect);
  const items = jsonNumber(build.dialect, 'attributes', 'itemCount');
  return sql`select employee_id, time / ${sql.lit(HOUR_MS)} as hour,
      sum(case when activity = 'file_delete' then 1 else 0 end) as files,
      sum(case when activity = 'email_delete' then coalesce(${items}, 1) else 0 end) as mail,
      sum(case when activity = 'chat_delete' then 1 else 0 end) as messages,
      sum(case when file_label is not null then 1 else 0 end) as labelled
    from events
    where employee_id = ${build.employeeId} and activity in ('file_delete', 'email_delete', 'chat_delete')
      and ${time} >= ${from} and ${time} < ${to}
    group by 1, 2`;
}

/** Deletions per hour of the window: files, mail items and messages. */
export async function deletionsByHour(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
) {
  const { rows } = await sql<{
    hour: number;
    files: number;
    mail: number;
    messages: number;
    labelled: number;
  }>`
    select f.hour, sum(f.files) as files, sum(f.mail) as mail, sum(f.messages) as messages, sum(f.labelled) as labelled
    from ${deletionHourFacts(build, window)} f
    group by f.hour order by f.hour`.execute(db);
  return rows.map((r) => ({
    hour: Number(r.hour),
    files: Number(r.files),
    mail: Number(r.mail),
    messages: Number(r.messages),
    labelled: Number(r.labelled),
  }));
}
