import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  revealDecisionSchema,
  revealListQuerySchema,
  revealSchema,
} from '../../../shared/schemas/privacy';
import { revealsReplySchema } from '../../../shared/schemas/reveals';
import { decideReveal, findReveal, listReveals } from '../../db/queries/identity-reveals';
import { getPrivacySettings } from '../../db/queries/privacy-settings';
import { conflict, DomainError, invalid, notFound } from '../../domain-error';
import { presentReveal, revealStatusAt } from '../../presenters/reveal';
import { revealEntry } from '../../privacy/reveals/reveal-audit';
import { queueNotification } from '../../notify/queue-notification';

const params = z.object({ revealId: idParam });
const HOUR_MS = 3_600_000;

type Decision = 'approve' | 'deny';

/**
 * The privacy officer's side of reveals (privacy.approve): every case's requests, pending
 * first, by case title and pseudonym (never a name, never a finding); approve or deny a pending
 * one. Nobody decides their own request. Both decisions are audited on the request's case.
 */
export const revealDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reveals',
    {
      preHandler: app.requirePermission('privacy.approve'),
      schema: {
        tags: ['privacy'],
        querystring: revealListQuerySchema,
        response: { 200: revealsReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const now = Date.now();
      const rows = await listReveals(app.db, {
        status: request.query.status,
        now,
        limit: request.query.limit,
      });
      return { reveals: rows.map((row) => presentReveal(row, app.pseudonyms, now)) };
    },
  );

  for (const decision of ['approve', 'deny'] as const satisfies readonly Decision[]) {
    app.post(
      `/reveals/:revealId/${decision}`,
      {
        preHandler: app.requirePermission('privacy.approve'),
        schema: {
          tags: ['privacy'],
          params,
          body: revealDecisionSchema,
          response: {
            200: revealSchema,
            400: errorReplySchema,
            403: errorReplySchema,
            404: errorReplySchema,
            409: errorReplySchema,
          },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await findReveal(app.db, request.params.revealId);
        if (!row) throw notFound('There is no reveal request with that id.');
        const pseudonym = app.pseudonyms.of(row.employee_id).name;
        const verb = decision === 'approve' ? 'approve' : 'deny';
        if (row.requested_by === viewer.userId) {
          const reason = `You cannot ${verb} your own request to reveal ${pseudonym}: another privacy officer must decide it.`;
          throw new DomainError('forbidden', reason, {
            reason,
            targetType: 'investigation',
            targetId: row.investigation_id,
          });
        }
        const now = Date.now();
        const status = revealStatusAt(row, now);
        if (status !== 'pending')
          throw conflict(
            `This request is already ${status}: only a pending request can be ${decision === 'approve' ? 'approved' : 'denied'}.`,
          );
        const reason = request.body.reason?.trim() || null;
        if (decision === 'deny' && !reason)
          throw invalid('Say why the request is denied: the requester reads it.', 'reason');
        const settings = await getPrivacySettings(app.db);
        const expiresAt = decision === 'approve' ? now + settings.revealHours * HOUR_MS : null;
        await app.audited(request, async (trx) => {
          const changed = await decideReveal(trx, row.id, ['pending'], {
            status: decision === 'approve' ? 'granted' : 'denied',
            decidedBy: viewer.userId,
            decidedAt: now,
            reason,
            expiresAt,
          });
          if (!changed) throw conflict('This request was decided meanwhile: reload to see how.');
          // The requester is told how it was decided (rules and their own choice).
          await queueNotification(
            trx,
            {
              type: 'reveal.decided',
              reveal: {
                id: row.id,
                investigationId: row.investigation_id,
                decision: decision === 'approve' ? 'granted' : 'denied',
              },
              requesterUserId: row.requested_by,
            },
            now,
          );
          return {
            result: null,
            entry: revealEntry(
              decision === 'approve' ? 'identity.reveal.approve' : 'identity.reveal.deny',
              { id: row.id, investigationId: row.investigation_id, employeeId: row.employee_id },
              app.pseudonyms,
              { ...(reason ? { reason } : {}), ...(expiresAt ? { expiresAt } : {}) },
            ),
          };
        });
        return presentReveal((await findReveal(app.db, row.id))!, app.pseudonyms, Date.now());
      },
    );
  }
};
