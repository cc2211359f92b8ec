import type { AuditEntry } from '../../../shared/schemas/audit';
import { readJson } from '../../db/dialect';
import type { AuditLogTable } from '../../db/schema';

type AuditRow = { [K in keyof AuditLogTable]: K extends 'id' ? number | string : AuditLogTable[K] };

/** Details that hold text people wrote or searched for: a case's words, not the entry's facts. */
const TEXT_KEYS = new Set([
  'q',
  'title',
  'description',
  'body',
  'reason',
  'purpose',
  'outcomeReason',
  'query',
]);

/** The details with every text people wrote or searched for replaced by "[withheld]". */
function withoutText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutText);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      TEXT_KEYS.has(key) && item !== null ? '[withheld]' : withoutText(item),
    ]),
  );
}

/**
 * One audit_log row as the API shows it (its details redacted later, with the whole reply).
 * `caseText`: false for a reader who may not open cases (the privacy officer): they see the
 * entry (who, what, when, which case) but not the text of the case or of a search (issue 23).
 */
export function presentAuditEntry(row: AuditRow, caseText = true): AuditEntry {
  const details = row.details === null ? null : readJson<Record<string, unknown>>(row.details);
  return {
    id: Number(row.id),
    at: Number(row.at),
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details:
      details === null || caseText ? details : (withoutText(details) as Record<string, unknown>),
    ip: row.ip,
    userAgent: row.user_agent,
  };
}
