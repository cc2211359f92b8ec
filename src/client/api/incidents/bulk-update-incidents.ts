import type { BulkIncidentsBody } from '../../../shared/schemas/case-bulk';
import { bulkReplySchema } from '../../../shared/schemas/case-bulk';
import { request } from '../http-client';
import { incidentPath } from './keys';

/**
 * POST /investigations/{id}/incidents/bulk: one status, with a reason, for several incidents in
 * one transaction: every one changes, or (a reply naming the incident at fault) none does.
 */
export function bulkUpdateIncidents(investigationId: string, body: BulkIncidentsBody) {
  return request(incidentPath(investigationId, 'incidents/bulk'), {
    method: 'POST',
    body,
    schema: bulkReplySchema,
  });
}
