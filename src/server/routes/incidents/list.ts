import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  listIncidentsQuerySchema,
  listIncidentsReplySchema,
} from '../../../shared/schemas/incidents';
import { listIncidents } from '../../db/queries/incidents';
import { presentIncident } from '../../presenters/incident';
import { openCase } from './open-case';

/** GET /investigations/{id}/incidents: the case's incidents, by technique, status or severity. */
export const listIncidentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/incidents',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: listIncidentsQuerySchema,
        response: { 200: listIncidentsReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const { technique, status, severity } = request.query;
      const incidents = (await listIncidents(app.db, investigation.id, { status, severity }))
        .map(presentIncident)
        .filter((incident) => !technique || incident.techniques.includes(technique));
      await app.audit(request, {
        action: 'incident.list',
        targetType: 'investigation',
        targetId: investigation.id,
        details: {
          filters: request.query,
          returned: incidents.length,
          subjectEmployeeId: investigation.subject.id,
        },
      });
      return { pending, incidents };
    },
  );
};
