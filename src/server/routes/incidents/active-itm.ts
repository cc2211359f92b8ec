import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { activeItmReplySchema } from '../../../shared/schemas/itm';
import { activeItmSections } from '../../analysis/incidents/active-itm';
import { ruleCatalogue } from '../../analysis/rules/rule-catalogue';
import { listIncidents } from '../../db/queries/incidents';
import { presentIncident } from '../../presenters/incident';
import { openCase } from './open-case';

/**
 * GET /investigations/{id}/insider-threat-matrix: each Insider Threat Matrix section the case's
 * incidents belong to, beside the ATT&CK techniques of /active-techniques.
 */
export const activeItmRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/insider-threat-matrix',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: z.strictObject({}),
        response: { 200: activeItmReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const [incidents, catalogue] = await Promise.all([
        listIncidents(app.db, investigation.id),
        ruleCatalogue(app.db),
      ]);
      const itmOfRule = new Map(catalogue.map((entry) => [entry.rule.id, entry.rule.itm]));
      await app.audit(request, {
        action: 'technique.list',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      return { pending, sections: activeItmSections(incidents.map(presentIncident), itmOfRule) };
    },
  );
};
