import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { investigationSchema } from '../../../shared/schemas/investigations';
import { loadInvestigation } from '../../case/load-investigation';

/** GET /investigations/{id}: one investigation, or 404 when it does not exist or is not visible. */
export const getInvestigationRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: investigationSchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      await app.audit(request, {
        action: 'investigation.read',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      return investigation;
    },
  );
};
