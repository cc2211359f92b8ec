import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { bulkAlertsBodySchema, bulkAlertsReplySchema } from '../../../shared/schemas/alerts';
import { errorReplySchema } from '../../../shared/schemas/common';
import { rescorePeople, triageAlert, triageOfAction } from '../../case/alert-triage';
import { findAlerts } from '../../db/queries/alerts';
import { alertNotFound } from './params';

/**
 * POST /alerts/bulk: one action on several alerts in one transaction, all or nothing: an id
 * that names no alert, or an alert the action cannot apply to, refuses the whole request and
 * changes nothing. One audit entry per alert.
 */
export const bulkAlertsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/alerts/bulk',
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        tags: ['alerts'],
        body: bulkAlertsBodySchema,
        response: {
          200: bulkAlertsReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { ids, action, reason, assigneeId } = request.body;
      const unique = [...new Set(ids)];
      const triage = triageOfAction(action, reason, assigneeId);
      return app.audited(request, async (trx) => {
        const alerts = await findAlerts(trx, unique);
        const byId = new Map(alerts.map((alert) => [alert.id, alert]));
        const missing = unique.find((id) => !byId.has(id));
        if (missing !== undefined) throw alertNotFound();
        const now = Date.now();
        const entries = [];
        const by = request.viewer?.userId ?? null;
        for (const id of unique) {
          entries.push(await triageAlert(trx, byId.get(id)!, triage, now, by));
        }
        await rescorePeople(
          trx,
          alerts.map((alert) => alert.employee_id),
          now,
        );
        return { result: { updated: unique.length }, entry: entries };
      });
    },
  );
};
