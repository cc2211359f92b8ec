import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { timelineQuerySchema, timelineReplySchema } from '../../../shared/schemas/subject-timeline';
import { findingContext } from '../../case/finding-context';
import { subjectTimeline } from '../../case/subject-timeline';
import { findingParams } from '../findings/define-finding';

/** The subject timeline: every event of the case's subject in its window, read like evidence. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/timeline/events',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        summary: "Every event of the subject in the case's window, filtered and cursor-paged",
        tags: ['evidence'],
        params: findingParams,
        querystring: timelineQuerySchema,
        response: {
          200: timelineReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request) => {
      const ctx = await findingContext(
        { db: app.db, dialect: app.database.dialect },
        request.viewer!,
        request.params.id,
        await request.identityPolicy(),
      );
      const reply = await subjectTimeline(ctx, request.query);
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: ctx.investigation.id,
        details: {
          page: 'timeline',
          query: request.query,
          returned: reply.rows.length,
          subjectEmployeeId: ctx.subject.id,
        },
      });
      return reply;
    },
  );
};
