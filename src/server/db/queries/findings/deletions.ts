import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { RollupBuild } from './rollups';
import type { FindingsWindow } from './window-facts';
import { deletionHourFacts } from './window-facts';

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
