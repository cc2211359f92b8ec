import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bulkIncidentsBodySchema, bulkReplySchema } from '../../../shared/schemas/case-bulk';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { rescoreInvestigation } from '../../analysis/runs/assess-risk';
import { loadWritableInvestigation } from '../../case/writable-case';
import { findIncident, updateIncidentStatus } from '../../db/queries/incidents';
import { incidentNotFound } from './get';

/**
 * POST /investigations/{id}/incidents/bulk: one status, with a reason, for several incidents of
 * a case in one transaction, all or nothing: an id that names no incident of the case refuses
 * the whole request (404 naming it) and changes nothing, as does a closed case (409). One audit
 * entry per incident; the risk score is recomputed once.
 */
export const bulkIncidentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/investigations/:id/incidents/bulk',
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        params: z.object({ id: idParam }),
        body: bulkIncidentsBodySchema,
        response: {
          200: bulkReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { incidentIds, status, reason } = request.body;
      const unique = [...new Set(incidentIds)];
      // Read before the transaction: on SQLite it holds the one connection.
      const policy = await request.identityPolicy();
      return app.audited(request, async (trx) => {
        const investigation = await loadWritableInvestigation(
          trx,
          request.params.id,
          request.viewer!,
          policy,
        );
        const before = [];
        for (const id of unique) {
          const row = await findIncident(trx, investigation.id, id);
          if (!row) throw incidentNotFound();
          before.push(row);
        }
        const now = Date.now();
        for (const row of before) {
          await updateIncidentStatus(trx, row.id, {
            status,
            reason,
            userId: request.viewer!.userId,
            now,
          });
        }
        await rescoreInvestigation(trx, investigation.id, now);
        return {
          result: { updated: before.length },
          entry: before.map((row) => ({
            action: 'incident.update',
            targetType: 'incident',
            targetId: row.id,
            details: {
              investigationId: investigation.id,
              bulk: true,
              changes: {
                status: { from: row.status, to: status },
                reason: { from: row.status_reason, to: reason },
              },
            },
          })),
        };
      });
    },
  );
};
