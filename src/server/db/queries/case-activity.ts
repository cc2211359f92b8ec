import type { Kysely } from 'kysely';

import type { Database } from '../schema';
import { incidentsDb } from './incident-tables';

/** An audit entry about a case, with its actor's name as it is now. */
export interface CaseAuditRow {
  id: number;
  at: number;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: unknown;
}

/** Which entries a case's history leaves out: these actions, and actions ending so. */
export interface HiddenActions {
  actions: readonly string[];
  suffixes: readonly string[];
}

/**
 * A page of a case's history, newest first: entries that target the case, and entries that
 * target one of its incidents, less the hidden actions. `before` is the id of the last entry
 * of the page before.
 */
export async function listCaseAuditEntries(
  db: Kysely<Database>,
  investigationId: string,
  options: { hidden: HiddenActions; before?: number | undefined; limit: number },
): Promise<CaseAuditRow[]> {
  const tables = incidentsDb(db);
  let query = tables
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.at',
      'a.actor_user_id',
      'a.actor_email',
      'u.display_name as actor_name',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.details',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('a.target_type', '=', 'investigation'),
          eb('a.target_id', '=', investigationId),
        ]),
        eb.and([
          eb('a.target_type', '=', 'incident'),
          eb(
            'a.target_id',
            'in',
            eb
              .selectFrom('incidents as n')
              .select('n.id')
              .where('n.investigation_id', '=', investigationId),
          ),
        ]),
      ]),
    );
  if (options.hidden.actions.length > 0)
    query = query.where('a.action', 'not in', [...options.hidden.actions]);
  for (const suffix of options.hidden.suffixes)
    query = query.where('a.action', 'not like', `%${suffix}`);
  if (options.before !== undefined) query = query.where('a.id', '<', options.before);
  const rows = await query.orderBy('a.id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at) }));
}

/** Names of users (an assignment's line names the assignee). */
export function findUserNames(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Titles of incidents (an incident's line names it). */
export function findIncidentTitles(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return incidentsDb(db)
    .selectFrom('incidents')
    .select(['id', 'title'])
    .where('id', 'in', [...ids])
    .execute();
}
