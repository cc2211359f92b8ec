import type { AuditEntry } from '../../../shared/schemas/audit';
import { readJson } from '../../db/dialect';
import type { AuditLogTable } from '../../db/schema';

type AuditRow = { [K in keyof AuditLogTable]: K extends 'id' ? number | string : AuditLogTable[K] };

/** One audit_log row as the API shows it (its details redacted later, with the whole reply). */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at),
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details === null ? null : readJson<Record<string, unknown>>(row.details),
    ip: row.ip,
    userAgent: row.user_agent,
  };
}
