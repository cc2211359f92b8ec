import type { Kysely } from 'kysely';

import type { Dialect } from '../../dialect';
import type { Database } from '../../schema';
import { activityTime, equalsWithoutIndex } from './sql-parts';
import type { FindingsWindow } from './window-facts';

/** Script and process events with what normalization needs. */
export async function commandEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  ids: readonly number[],
  window: FindingsWindow,
) {
  const out: Array<{
    id: number;
    time: number;
    activity: string;
    device: string | null;
    commandLine: string | null;
    attributes: unknown;
  }> = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('events')
      .select(['id', 'time', 'activity', 'device_name', 'command_line', 'attributes'])
      .where('id', 'in', ids.slice(i, i + 500))
      .where(equalsWithoutIndex(dialect, 'employee_id', employeeId))
      // Flagged in the window, so of it: saying so lets PostgreSQL plan only its months.
      .where(activityTime(dialect), '>=', window.start)
      .where(activityTime(dialect), '<', window.end)
      .execute();
    out.push(
      ...rows.map((r) => ({
        id: Number(r.id),
        time: Number(r.time),
        activity: r.activity,
        device: r.device_name,
        commandLine: r.command_line,
        attributes: r.attributes,
      })),
    );
  }
  return out;
}
