import type { Kysely } from 'kysely';

import { startsWith, toJson } from '../dialect';
import { reusableQuery } from '../reusable-query';
import type { Database } from '../schema';

export interface AuditRecord {
  at: number;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}

const appendQuery = reusableQuery(
  [
    'at',
    'actorUserId',
    'actorEmail',
    'action',
    'targetType',
    'targetId',
    'details',
    'ip',
    'userAgent',
  ],
  (db, p) =>
    db.insertInto('audit_log').values({
      at: p.at as unknown as number,
      actor_user_id: p.actorUserId,
      actor_email: p.actorEmail,
      action: p.action,
      target_type: p.targetType,
      target_id: p.targetId,
      details: p.details,
      ip: p.ip,
      user_agent: p.userAgent,
    }),
);

/** Appends one entry (compiled once: every read of subject data writes one). The table refuses updates and deletes. */
export async function appendAudit(db: Kysely<Database>, record: AuditRecord): Promise<void> {
  await appendQuery(db, {
    ...record,
    details: record.details === null ? null : toJson(record.details),
  });
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before?: number | undefined;
  limit: number;
}

/** Newest first, paged by id. `actor` matches a user id or an email; `action` a prefix. */
export function listAudit(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) {
    const actor = filter.actor;
    query = query.where((eb) =>
      eb.or([eb('actor_user_id', '=', actor), eb('actor_email', '=', actor.toLowerCase())]),
    );
  }
  if (filter.action) {
    const action = filter.action;
    query = query.where((eb) =>
      eb.or([eb('action', '=', action), startsWith('action', `${action}.`)]),
    );
  }
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
