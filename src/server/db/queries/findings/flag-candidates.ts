import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import type { Dialect } from '../../dialect';
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

/** Which events a text flag looks at, and the text of each it looks in. */
export type FlagCandidateKind = 'mention' | 'command';

/**
 * Each kind's categories and text: competitor mentions in chat, mail and share events (the
 * message, subject, recipients, target and file name); suspicious commands in script and
 * process events (the command line, or the decoded command among the attributes).
 */
const CANDIDATE_SOURCES: Record<
  FlagCandidateKind,
  { categories: readonly string[]; text: (dialect: Dialect) => RawBuilder<string> }
> = {
  mention: {
    categories: ['chat', 'email', 'file'],
    text: (dialect) =>
      sql<string>`lower(coalesce(chat_text, '') || ' ' || coalesce(email_subject, '') || ' ' || ${jsonText(dialect, 'email_recipients')} || ' ' || coalesce(target, '') || ' ' || coalesce(file_name, ''))`,
  },
  command: {
    categories: ['script', 'process'],
    text: (dialect) =>
      sql<string>`lower(coalesce(command_line, '') || ' ' || ${jsonText(dialect, 'attributes')})`,
  },
};

/** The events of a kind in [from, to) whose text contains any of the needles (lower-case). */
export async function flagCandidates(
  db: Kysely<Database>,
  build: RollupBuild,
  kind: FlagCandidateKind,
  slice: { from: number; to: number },
  needles: readonly string[],
): Promise<FlagCandidate[]> {
  if (needles.length === 0) return [];
  const { categories, text } = CANDIDATE_SOURCES[kind];
  const { rows } = await sql<FlagCandidate>`
    select id, time, text from (
      select e.id, e.time, ${text(build.dialect)} as text from events e
      where ${subjectRows(build.dialect, 'e', build.employeeId, { ...slice, categories })}
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
