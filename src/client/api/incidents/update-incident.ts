import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateIncidentBody } from '../../../shared/schemas/incidents';
import { incidentSummarySchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';
import { investigationKeys } from '../investigations/keys';
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

/** Sets the status of several incidents, then refreshes the case's incidents and its header. */
export function useUpdateIncidents(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, body }: { ids: readonly string[]; body: UpdateIncidentBody }) => {
      const updated = [];
      for (const id of ids) updated.push(await updateIncident(investigationId, id, body));
      return updated;
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: incidentKeys.case(investigationId) });
      await client.invalidateQueries({ queryKey: investigationKeys.detail(investigationId) });
    },
  });
}
