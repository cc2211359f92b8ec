import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { alertSummarySchema, updateAlertBodySchema } from '../../../shared/schemas/alerts';
import { errorReplySchema } from '../../../shared/schemas/common';
import { rescorePeople, triageAlert } from '../../case/alert-triage';
import { findAlert } from '../../db/queries/alerts';
import { presentAlert } from '../../presenters/alert';
import { alertParamsSchema, found } from './params';

/** PATCH /alerts/{id}: status (a dismissal needs a reason) and/or assignee; audited. */
export const updateAlertRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/alerts/:id',
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        tags: ['alerts'],
        params: alertParamsSchema,
        body: updateAlertBodySchema,
        response: {
          200: alertSummarySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changed = await app.audited(request, async (trx) => {
        const alert = found(await findAlert(trx, id));
        const entry = await triageAlert(
          trx,
          alert,
          request.body,
          Date.now(),
          request.viewer?.userId ?? null,
        );
        await rescorePeople(trx, [alert.employee_id], Date.now());
        return { result: (await findAlert(trx, id))!, entry };
      });
      return presentAlert(changed, await request.identityPolicy());
    },
  );
};
