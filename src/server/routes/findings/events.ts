import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { eventEndpoints } from '../../../shared/findings/case-endpoints';
import { errorReplySchema } from '../../../shared/schemas/common';
import { subjectEvent, subjectEvents } from '../../analysis/findings/subject-events';
import { invalid } from '../../domain-error';
import { loadInvestigation } from '../../case/load-investigation';
import { casePath, findingParams } from './define-finding';

const { list, detail } = eventEndpoints;

/** The subject's raw events, for drill-down from any aggregate, and each event's raw record. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('evidence.read');
  app.get(
    casePath(list.path),
    {
      preHandler: guard,
      schema: {
        tags: ['evidence'],
        params: findingParams,
        querystring: list.query,
        response: { 200: list.reply, 400: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      if (!request.params.id) throw invalid('investigationId is required');
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      const reply = await subjectEvents(app.db, investigation, request.query);
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: investigation.id,
        details: {
          page: 'events',
          query: request.query,
          returned: reply.rows.length,
          subjectEmployeeId: investigation.subject.id,
        },
      });
      return reply;
    },
  );
  app.get(
    casePath(detail.path),
    {
      preHandler: guard,
      schema: {
        tags: ['evidence'],
        params: detail.params,
        response: { 200: detail.reply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      const reply = await subjectEvent(app.db, investigation, Number(request.params.eventId));
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'event',
        targetId: request.params.eventId,
        details: {
          page: 'event',
          investigationId: investigation.id,
          subjectEmployeeId: investigation.subject.id,
        },
      });
      return reply;
    },
  );
};
