import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { techniqueName } from '../../../shared/attack';
import { incidentSeverities, incidentStatuses } from '../../../shared/incident-model';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { incidentsSummaryReplySchema } from '../../../shared/schemas/incidents';
import { listIncidents } from '../../db/queries/incidents';
import { presentIncident } from '../../presenters/incident';
import { openCase } from './open-case';

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** GET /investigations/{id}/incidents/summary: counts by severity, status and technique. */
export const incidentsSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/incidents/summary',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: z.strictObject({}),
        response: { 200: incidentsSummaryReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const incidents = (await listIncidents(app.db, investigation.id)).map(presentIncident);
      const bySeverity = zeroes(incidentSeverities);
      const byStatus = zeroes(incidentStatuses);
      const byTechnique = new Map<string, number>();
      for (const incident of incidents) {
        bySeverity[incident.severity]++;
        byStatus[incident.status]++;
        for (const technique of incident.techniques)
          byTechnique.set(technique, (byTechnique.get(technique) ?? 0) + 1);
      }
      await app.audit(request, {
        action: 'incident.summary',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      return {
        pending,
        total: incidents.length,
        bySeverity,
        byStatus,
        byTechnique: [...byTechnique]
          .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
          .map(([technique, count]) => ({ technique, name: techniqueName(technique), count })),
      };
    },
  );
};
