import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { navigatorLayerSchema } from '../../../shared/schemas/attack-layer';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { listIncidents } from '../../db/queries/incidents';
import { activeTechniques } from '../../analysis/incidents/active-techniques';
import { buildNavigatorLayer } from '../../analysis/incidents/attack-layer';
import { presentIncident } from '../../presenters/incident';
import { openCase } from './open-case';

/** GET /investigations/{id}/attack-layer: the case's techniques as an ATT&CK Navigator layer to download. */
export const attackLayerRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/attack-layer',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: z.strictObject({}),
        response: { 200: navigatorLayerSchema, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { investigation } = await openCase(app.db, request, request.params.id);
      const incidents = (await listIncidents(app.db, investigation.id)).map(presentIncident);
      const layer = buildNavigatorLayer(
        investigation,
        activeTechniques(incidents),
        new Map(incidents.map((incident) => [incident.id, incident.title])),
      );
      await app.audit(request, {
        action: 'attack-layer.export',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      void reply.header(
        'content-disposition',
        `attachment; filename="vigil-${investigation.id}-attack-layer.json"`,
      );
      return layer;
    },
  );
};
