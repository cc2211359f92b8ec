import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { RollupBuild } from './rollups';
import { computedOnce, containsAny, jsonText, subjectRows } from './sql-parts';
import type { FindingsDb } from './tables';

/**
 * Events worth a flag (competitor mentions, suspicious commands), found by the analysis step:
 * candidates are picked in SQL by substring, the flags decided in the process from their text.
 */

/** The text column of the candidate derived tables below, computed once a row (computedOnce). */
const candidateText = sql<string>`candidate.text`;

/** A candidate event for a text flag: its id, time and the text the flag looks at. */
export interface FlagCandidate {
  id: number;
  time: number;
  text: string;
}

/** Chat, mail and share events in [from, to) whose text contains any of the needles. */
export async function mentionCandidates(
  db: Kysely<Database>,
  build: RollupBuild,
  from: number,
  to: number,
  needles: readonly string[],
): Promise<FlagCandidate[]> {
  if (needles.length === 0) return [];
  const text = sql<string>`lower(coalesce(chat_text, '') || ' ' || coalesce(email_subject, '') || ' ' || ${jsonText(build.dialect, 'email_recipients')} || ' ' || coalesce(target, '') || ' ' || coalesce(file_name, ''))`;
  const { rows } = await sql<FlagCandidate>`
    select id, time, text from (
      select e.id, e.time, ${text} as text from events e
      where ${subjectRows(build.dialect, 'e', build.employeeId, { from, to, categories: ['chat', 'email', 'file'] })}
      ${computedOnce(build.dialect)}
    ) candidate
    where ${containsAny(candidateText, needles)}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), time: Number(row.time) }));
}

/** Script and process events in [from, to) whose command (or decoded command) contains a needle. */
export async function commandCandidates(
  db: Kysely<Database>,
  build: RollupBuild,
  from: number,
  to: number,
  needles: readonly string[],
): Promise<FlagCandidate[]> {
  const text = sql<string>`lower(coalesce(command_line, '') || ' ' || ${jsonText(build.dialect, 'attributes')})`;
  const { rows } = await sql<FlagCandidate>`
    select id, time, text from (
      select e.id, e.time, ${text} as text from events e
      where ${subjectRows(build.dialect, 'e', build.employeeId, { from, to, categories: ['script', 'process'] })}
      ${computedOnce(build.dialect)}
    ) candidate
    where ${containsAny(candidateText, needles)}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), time: Number(row.time) }));
}

/** Stores flags found by the analysis step. */
export async function saveFlags(
  db: FindingsDb,
  employeeId: string,
  flags: ReadonlyArray<{ flag: string; time: number; eventId: number; detail: string }>,
): Promise<void> {
  for (let i = 0; i < flags.length; i += 500) {
    await db
      .insertInto('event_flags')
      .values(
        flags.slice(i, i + 500).map((f) => ({
          employee_id: employeeId,
          flag: f.flag,
          time: f.time,
          event_id: f.eventId,
          detail: f.detail,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
