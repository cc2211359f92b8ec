import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  createInvestigationBodySchema,
  investigationSchema,
} from '../../../shared/schemas/investigations';
import { createInvestigation } from '../../case/create-investigation';
import { loadInvestigation } from '../../case/load-investigation';

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
      const body = request.body;
      const id = await app.audited(request, async (trx) => {
        const created = await createInvestigation(trx, viewer, body, Date.now());
        return {
          result: created,
          entry: {
            action: 'investigation.create',
            targetType: 'investigation',
            targetId: created,
            details: {
              title: body.title,
              subjectEmployeeId: body.subjectEmployeeId,
              type: body.type,
              templateId: body.templateId,
              // Kept with the creator as the level set by hand; Low means none.
              handSetRiskLevel: body.riskLevel === 'low' ? null : body.riskLevel,
            },
          },
        };
      });
      const investigation = await loadInvestigation(
        app.db,
        id,
        viewer,
        await request.identityPolicy(),
      );
      return reply.code(201).send(investigation);
    },
  );
};
