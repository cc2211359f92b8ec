import type { Kysely } from 'kysely';

import type { ActivityReply } from '../../shared/schemas/case-activity';
import { readJson } from '../db/dialect';
import {
  findIncidentTitles,
  findUserNames,
  listCaseAuditEntries,
} from '../db/queries/case-activity';
import type { HiddenActions } from '../db/queries/case-activity';
import { findCaseNotes } from '../db/queries/case-notes';
import type { Database } from '../db/schema';
import { presentCaseNote } from '../presenters/case-note';
import { presentUserRef } from '../presenters/user';
import { writtenText } from '../privacy/identity-policy';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { summarizeActivity } from './activity-summary';

/**
 * What the case's history leaves out: reads. Every view of a case writes an audit entry
 * (`investigation.read`, `evidence.read`, `incident.list`, `risk.read`, reading the notes or
 * this history itself…), so showing them would bury the record under its own reading. The
 * history shows what changed the case and what left it: status, assignment, outcome, notes,
 * pins, incidents, checklist ticks, exports and reveals, and any action added later that is
 * not named as a read. The audit API still has every read.
 */
export const CASE_ACTIVITY_HIDDEN: HiddenActions = {
  actions: ['investigation.read', 'evidence.read', 'incident.summary', 'incident.timeline'],
  suffixes: ['.read', '.list', '.search'],
};

/** Every string in an entry's details, as text people wrote reads under the policy. */
function writtenDetails(policy: IdentityPolicy, value: unknown): unknown {
  if (typeof value === 'string') return writtenText(policy, value);
  if (Array.isArray(value)) return value.map((item) => writtenDetails(policy, item));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, writtenDetails(policy, item)]),
    );
  return value;
}

/**
 * A page of a case's history, newest first, each line with its actor, a one-line summary and
 * (for a note) the note. `cursor` is the `next` of the page before. The report uses it too.
 * What people wrote (notes, titles and reasons in the details and summaries) shows as `policy`
 * shows written text: a person it names reads "[withheld]" under pseudonyms.
 */
export async function caseActivity(
  db: Kysely<Database>,
  investigationId: string,
  page: { limit: number; cursor?: string | undefined },
  policy: IdentityPolicy,
): Promise<ActivityReply> {
  const rows = await listCaseAuditEntries(db, investigationId, {
    hidden: CASE_ACTIVITY_HIDDEN,
    before: page.cursor === undefined ? undefined : Number(page.cursor),
    limit: page.limit + 1,
  });
  const shown = rows.slice(0, page.limit);
  const entries = shown.map((row) => ({
    row,
    details: row.details === null ? null : readJson<Record<string, unknown>>(row.details),
  }));

  const noteIds = new Set<string>();
  const userIds = new Set<string>();
  const incidentIds = new Set<string>();
  for (const { row, details } of entries) {
    if (row.action === 'note.create' && typeof details?.noteId === 'string')
      noteIds.add(details.noteId);
    if (row.target_type === 'incident' && row.target_id) incidentIds.add(row.target_id);
    const changes = details?.changes as
      Record<string, { from?: unknown; to?: unknown } | undefined> | undefined;
    const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
    const people = [
      changes?.assigneeUserId?.to,
      ...listed(changes?.members?.from),
      ...listed(changes?.members?.to),
    ];
    for (const person of people) if (typeof person === 'string') userIds.add(person);
  }
  const [notes, users, incidents] = await Promise.all([
    findCaseNotes(db, investigationId, [...noteIds]),
    findUserNames(db, [...userIds]),
    findIncidentTitles(db, [...incidentIds]),
  ]);
  const noteById = new Map(notes.map((note) => [note.id, presentCaseNote(note, policy)]));
  const userById = new Map(users.map((user) => [user.id, presentUserRef(user).displayName]));
  const titleById = new Map(incidents.map((incident) => [incident.id, incident.title]));
  const lookups = {
    userName: (id: string) => userById.get(id) ?? id,
    incidentTitle: (id: string) => titleById.get(id) ?? null,
  };

  return {
    entries: entries.map(({ row, details }) => ({
      id: row.id,
      at: row.at,
      actor: row.actor_user_id
        ? presentUserRef({
            id: row.actor_user_id,
            email: row.actor_email,
            display_name: row.actor_name,
          })
        : null,
      action: row.action,
      summary: writtenText(
        policy,
        summarizeActivity(
          { action: row.action, targetType: row.target_type, targetId: row.target_id, details },
          lookups,
        ),
      ),
      details: writtenDetails(policy, details) as typeof details,
      note:
        row.action === 'note.create' && typeof details?.noteId === 'string'
          ? (noteById.get(details.noteId) ?? null)
          : null,
    })),
    next: rows.length > page.limit ? String(shown[shown.length - 1]!.id) : null,
  };
}
