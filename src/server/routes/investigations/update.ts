import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  investigationSchema,
  updateInvestigationBodySchema,
} from '../../../shared/schemas/investigations';
import { loadInvestigation } from '../../case/load-investigation';
import { updateInvestigation } from '../../case/update-investigation';

/**
 * PATCH /investigations/{id}: changes some fields; the audit log keeps before and after.
 * Closing needs an outcome and a reason, reopening a reason; a closed case takes nothing else.
 */
export const updateInvestigationRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/investigations/:id',
    {
      preHandler: app.requirePermission('investigations.write'),
      schema: {
        params: z.object({ id: idParam }),
        body: updateInvestigationBodySchema,
        response: {
          200: investigationSchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const changes = await updateInvestigation(trx, viewer, id, request.body, Date.now());
        const changed = Object.keys(changes).length > 0;
        return {
          result: changes,
          entry: changed
            ? {
                action: 'investigation.update',
                targetType: 'investigation',
                targetId: id,
                // Closing's outcome and reason are among the changes; a reopening's reason here.
                details: request.body.reason
                  ? { changes, reason: request.body.reason }
                  : { changes },
              }
            : null,
        };
      });
      return loadInvestigation(app.db, id, viewer, await request.identityPolicy());
    },
  );
};
