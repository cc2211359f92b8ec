import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  eventDetailSchema,
  eventParams,
  eventsQuerySchema,
  eventsReplySchema,
} from '../../../shared/schemas/findings/events';
import { subjectEvent, subjectEvents } from '../../analysis/findings/subject-events';
import { invalid } from '../../domain-error';
import { loadInvestigation } from '../../case/load-investigation';
import { findingParams } from './define-finding';

/** The subject's raw events, for drill-down from any aggregate, and each event's raw record. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('evidence.read');
  app.get(
    '/investigations/:id/events',
    {
      preHandler: guard,
      schema: {
        tags: ['evidence'],
        params: findingParams,
        querystring: eventsQuerySchema,
        response: { 200: eventsReplySchema, 400: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      if (!request.params.id) throw invalid('investigationId is required');
      const investigation = await loadInvestigation(app.db, request.params.id, request.viewer!);
      const reply = await subjectEvents(app.db, investigation, request.query);
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: investigation.id,
        details: { page: 'events', query: request.query, returned: reply.rows.length },
      });
      return reply;
    },
  );
  app.get(
    '/investigations/:id/events/:eventId',
    {
      preHandler: guard,
      schema: {
        tags: ['evidence'],
        params: eventParams,
        response: { 200: eventDetailSchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(app.db, request.params.id, request.viewer!);
      const reply = await subjectEvent(app.db, investigation, Number(request.params.eventId));
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'event',
        targetId: request.params.eventId,
        details: { page: 'event', investigationId: investigation.id },
      });
      return reply;
    },
  );
};
