import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  incidentParamsSchema,
  incidentSummarySchema,
  updateIncidentBodySchema,
} from '../../../shared/schemas/incidents';
import { findIncident, updateIncidentStatus } from '../../db/queries/incidents';
import { rescoreInvestigation } from '../../analysis/runs/assess-risk';
import { loadWritableInvestigation } from '../../case/writable-case';
import { presentIncident } from '../../presenters/incident';
import { incidentNotFound } from './get';

/**
 * PATCH /investigations/{id}/incidents/{incidentId}: sets the status (a dismissal needs a
 * reason). Re-runs keep it; the risk score is recomputed at once. Audited with the status and
 * reason before and after.
 */
export const updateIncidentRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/investigations/:id/incidents/:incidentId',
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        params: incidentParamsSchema,
        body: updateIncidentBodySchema,
        response: {
          200: incidentSummarySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { incidentId } = request.params;
      const body = request.body;
      // Read before the transaction: on SQLite it holds the one connection.
      const policy = await request.identityPolicy();
      const after = await app.audited(request, async (trx) => {
        const investigation = await loadWritableInvestigation(
          trx,
          request.params.id,
          request.viewer!,
          policy,
        );
        const before = await findIncident(trx, investigation.id, incidentId);
        if (!before) throw incidentNotFound();
        await updateIncidentStatus(trx, before.id, {
          status: body.status,
          reason: body.reason?.trim() || null,
          userId: request.viewer!.userId,
          now: Date.now(),
        });
        // The score follows at once: a dismissed incident stops counting without waiting for a run.
        await rescoreInvestigation(trx, investigation.id, Date.now());
        const changed = (await findIncident(trx, investigation.id, before.id))!;
        return {
          result: changed,
          entry: {
            action: 'incident.update',
            targetType: 'incident',
            targetId: before.id,
            details: {
              investigationId: investigation.id,
              changes: {
                status: { from: before.status, to: changed.status },
                reason: { from: before.status_reason, to: changed.status_reason },
              },
            },
          },
        };
      });
      return presentIncident(after);
    },
  );
};
