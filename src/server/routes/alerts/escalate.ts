import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { escalateAlertReplySchema } from '../../../shared/schemas/alerts';
import { errorReplySchema } from '../../../shared/schemas/common';
import { rescorePeople } from '../../case/alert-triage';
import { escalateAlert } from '../../case/escalate-alert';
import { findAlert } from '../../db/queries/alerts';
import { conflict } from '../../domain-error';
import { alertParamsSchema, found } from './params';

/**
 * POST /alerts/{id}/investigation: opens a case about the alert's person, or adds the alert to
 * their open case; the alert is then escalated. Audited (the case's creation with it).
 */
export const escalateAlertRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/alerts/:id/investigation',
    {
      preHandler: [
        app.requirePermission('investigations.write'),
        app.requirePermission('evidence.write'),
      ],
      schema: {
        tags: ['alerts'],
        params: alertParamsSchema,
        body: z.strictObject({}).optional(),
        response: {
          200: escalateAlertReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      return app.audited(request, async (trx) => {
        const alert = found(await findAlert(trx, id));
        if (alert.status === 'escalated' && alert.investigation_id) {
          throw conflict('This alert is already part of a case.', 'id');
        }
        const outcome = await escalateAlert(trx, request.viewer!, alert, Date.now());
        await rescorePeople(trx, [alert.employee_id], Date.now());
        return {
          result: { investigationId: outcome.investigationId, created: outcome.created },
          entry: [outcome.entry, outcome.caseEntry],
        };
      });
    },
  );
};
