import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  riskPartEventsParams,
  riskPartEventsQuerySchema,
  riskPartEventsReplySchema,
} from '../../../shared/schemas/risk';
import { riskPartEvents } from '../../analysis/runs/risk-part-events';
import { openCase } from './open-case';

/**
 * GET /investigations/{id}/risk/{part}/events: exactly the events one part of the risk score
 * counted, newest first and cursor-paged, each opening its raw record through
 * /investigations/{id}/events/{eventId}. Reading them is audited like any evidence.
 */
export const riskPartEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/risk/:part/events',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: riskPartEventsParams,
        querystring: riskPartEventsQuerySchema,
        response: {
          200: riskPartEventsReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { investigation } = await openCase(app.db, request, request.params.id);
      const reply = await riskPartEvents(
        app.db,
        { id: investigation.id, subjectId: investigation.subject.id },
        request.params.part,
        request.query,
      );
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: investigation.id,
        details: {
          page: 'risk',
          part: request.params.part,
          returned: reply.rows.length,
          subjectEmployeeId: investigation.subject.id,
        },
      });
      return reply;
    },
  );
};
