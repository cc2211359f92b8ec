import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateIncidentBody } from '../../../shared/schemas/incidents';
import { incidentSummarySchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';
import { caseActivityKey } from '../investigations/case-activity';
import { investigationKeys } from '../investigations/keys';
import { bulkUpdateIncidents } from './bulk-update-incidents';
import { incidentKeys, incidentPath } from './keys';

/** PATCH /investigations/{id}/incidents/{incidentId}: status, and the reason (required to dismiss). */
export function updateIncident(
  investigationId: string,
  incidentId: string,
  body: UpdateIncidentBody,
) {
  return request(incidentPath(investigationId, `incidents/${encodeURIComponent(incidentId)}`), {
    method: 'PATCH',
    body,
    schema: incidentSummarySchema,
  });
}

/**
 * Sets the status of one incident (PATCH) or of several at once through the bulk endpoint, all
 * or nothing (several need a reason), then refreshes the case's incidents, header and history.
 */
export function useUpdateIncidents(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, body }: { ids: readonly string[]; body: UpdateIncidentBody }) => {
      if (ids.length === 1) {
        await updateIncident(investigationId, ids[0]!, body);
        return { updated: 1 };
      }
      return bulkUpdateIncidents(investigationId, {
        incidentIds: [...ids],
        status: body.status,
        reason: body.reason ?? '',
      });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: incidentKeys.case(investigationId) });
      await client.invalidateQueries({ queryKey: investigationKeys.detail(investigationId) });
      await client.invalidateQueries({ queryKey: caseActivityKey(investigationId) });
    },
  });
}
