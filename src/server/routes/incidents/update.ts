import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  incidentParamsSchema,
  incidentSummarySchema,
  updateIncidentBodySchema,
} from '../../../shared/schemas/incidents';
import { findIncident, updateIncidentStatus } from '../../db/queries/incidents';
import { conflict } from '../../http-problem';
import { rescoreInvestigation } from '../../jobs/assess-risk';
import { presentIncident } from '../../presenters/incident';
import { incidentNotFound } from './get';
import { openCase } from './open-case';

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
      const { investigation } = await openCase(app.db, request, request.params.id);
      const before = await findIncident(app.db, investigation.id, request.params.incidentId);
      if (!before) throw incidentNotFound(request.params.incidentId);
      if (investigation.status === 'closed')
        throw conflict('This investigation is closed: reopen it before changing its incidents.');
      const reason = request.body.reason?.trim() || null;
      await updateIncidentStatus(app.db, before.id, {
        status: request.body.status,
        reason,
        userId: request.viewer!.userId,
        now: Date.now(),
      });
      // The score follows at once: a dismissed incident stops counting without waiting for a run.
      await rescoreInvestigation(app.db, investigation.id, Date.now());
      const after = (await findIncident(app.db, investigation.id, before.id))!;
      await app.audit(request, {
        action: 'incident.update',
        targetType: 'incident',
        targetId: before.id,
        details: {
          investigationId: investigation.id,
          changes: {
            status: { from: before.status, to: after.status },
            reason: { from: before.status_reason, to: after.status_reason },
          },
        },
      });
      return presentIncident(after);
    },
  );
};
