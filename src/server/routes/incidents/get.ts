import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { incidentDetailSchema, incidentParamsSchema } from '../../../shared/schemas/incidents';
import { findIncident, incidentEventIds, timelineEvents } from '../../db/queries/incidents';
import { notFound } from '../../domain-error';
import { presentIncident } from '../../presenters/incident';
import { presentTimelineEvent } from '../../presenters/event';
import { openCase } from './open-case';

/** The most timeline events one reply carries; a rule keeps at most 5,000 per step. */
const TIMELINE_LIMIT = 5000;

/** The 404 for an incident that is not in the case (or was removed by a re-run). */
export function incidentNotFound() {
  return notFound('There is no incident with that id in this investigation.');
}

/** GET /investigations/{id}/incidents/{incidentId}: one incident and its timeline. */
export const getIncidentRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/incidents/:incidentId',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: incidentParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: incidentDetailSchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const row = await findIncident(app.db, investigation.id, request.params.incidentId);
      if (!row) throw incidentNotFound();
      const { ids, total } = await incidentEventIds(app.db, row.id, TIMELINE_LIMIT);
      const events = await timelineEvents(app.db, app.database.dialect, ids);
      await app.audit(request, {
        action: 'incident.read',
        targetType: 'incident',
        targetId: row.id,
        details: { investigationId: investigation.id, subjectEmployeeId: investigation.subject.id },
      });
      return {
        ...presentIncident(row),
        description: row.description,
        timeline: events.map((event) => presentTimelineEvent(event, [row.id])),
        timelineTruncated: total > ids.length,
        pending,
      };
    },
  );
};
