import type { z } from 'zod';

import type { auditFilterSchema } from '../../../shared/schemas/audit';
import type { AuditFilter } from '../../db/queries/audit';
import { invalid } from '../../domain-error';

/** The audit filter a query names (`user` before the older `actor`); a backwards range is refused. */
export function auditFilterOf(
  query: z.output<typeof auditFilterSchema>,
): Omit<AuditFilter, 'limit' | 'before'> {
  if (query.from !== undefined && query.to !== undefined && query.from >= query.to)
    throw invalid('The start of the time range ("from") must be before its end ("to").', 'from');
  return {
    actor: query.user ?? query.actor,
    person: query.person,
    investigationId: query.case,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    from: query.from,
    to: query.to,
  };
}
