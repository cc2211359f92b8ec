import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  createInvestigationBodySchema,
  investigationSchema,
} from '../../../shared/schemas/investigations';
import { createInvestigation } from '../../investigations/create-investigation';
import { loadInvestigation } from '../../investigations/load-investigation';

/** POST /investigations: opens a case about one employee. */
export const createInvestigationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/investigations',
    {
      preHandler: app.requirePermission('investigations.write'),
      schema: {
        body: createInvestigationBodySchema,
        response: { 201: investigationSchema, 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = await createInvestigation(app.db, viewer, request.body, Date.now());
      const investigation = await loadInvestigation(app.db, id, viewer);
      await app.audit(request, {
        action: 'investigation.create',
        targetType: 'investigation',
        targetId: id,
        details: {
          title: investigation.title,
          subjectEmployeeId: investigation.subject.id,
          type: investigation.type,
        },
      });
      return reply.code(201).send(investigation);
    },
  );
};
