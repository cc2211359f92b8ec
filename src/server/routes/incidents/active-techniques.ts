import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { activeTechniquesReplySchema } from '../../../shared/schemas/incidents';
import { listIncidents } from '../../db/queries/incidents';
import { activeTechniques } from '../../analysis/incidents/active-techniques';
import { presentIncident } from '../../presenters/incident';
import { openCase } from './open-case';

/** GET /investigations/{id}/active-techniques: each technique the case's incidents name. */
export const activeTechniquesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/active-techniques',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: z.strictObject({}),
        response: { 200: activeTechniquesReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const techniques = activeTechniques(
        (await listIncidents(app.db, investigation.id)).map(presentIncident),
      );
      await app.audit(request, {
        action: 'technique.list',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      return { pending, techniques };
    },
  );
};
