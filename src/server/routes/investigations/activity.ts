import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { activityQuerySchema, activityReplySchema } from '../../../shared/schemas/case-activity';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { caseActivity } from '../../case/case-activity';
import { loadInvestigation } from '../../case/load-investigation';

/**
 * GET /investigations/{id}/activity: the case's history from the audit log, newest first,
 * paged by cursor. Reads are left out (see CASE_ACTIVITY_HIDDEN), including this one, which is
 * audited as `activity.read`.
 */
export const caseActivityRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/activity',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: {
        tags: ['case record'],
        params: z.object({ id: idParam }),
        querystring: activityQuerySchema,
        response: { 200: activityReplySchema, 400: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        policy,
      );
      const reply = await caseActivity(app.db, investigation.id, request.query, policy);
      await app.audit(request, {
        action: 'activity.read',
        targetType: 'investigation',
        targetId: investigation.id,
        ...(request.query.cursor ? { details: { cursor: request.query.cursor } } : {}),
      });
      return reply;
    },
  );
};
