import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { bulkInvestigationsBodySchema, bulkReplySchema } from '../../../shared/schemas/case-bulk';
import { errorReplySchema } from '../../../shared/schemas/common';
import { updateInvestigation } from '../../case/update-investigation';
import { DomainError } from '../../domain-error';

/**
 * POST /investigations/bulk: a status and/or an assignee, with a reason, for several cases in
 * one transaction, all or nothing. Each case goes through the same rules as a PATCH (allowed
 * transitions, an outcome to close, a reason to reopen, a closed case refusing other changes);
 * the first case that cannot take the change refuses the whole request with a sentence naming
 * it, and nothing is changed. One audit entry per case that changed.
 */
export const bulkInvestigationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/investigations/bulk',
    {
      preHandler: app.requirePermission('investigations.write'),
      schema: {
        body: bulkInvestigationsBodySchema,
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
      const viewer = request.viewer!;
      const { investigationIds, reason, ...change } = request.body;
      const unique = [...new Set(investigationIds)];
      return app.audited(request, async (trx) => {
        const now = Date.now();
        const entries = [];
        for (const id of unique) {
          try {
            const changes = await updateInvestigation(trx, viewer, id, { ...change, reason }, now);
            if (Object.keys(changes).length === 0) continue;
            entries.push({
              action: 'investigation.update',
              targetType: 'investigation',
              targetId: id,
              details: { changes, reason, bulk: true },
            });
          } catch (error) {
            throw nameTheCase(error, id);
          }
        }
        return { result: { updated: entries.length }, entry: entries };
      });
    },
  );
};

/** The same refusal, saying which case it is about (a 404 already names it). */
function nameTheCase(error: unknown, id: string): unknown {
  if (!(error instanceof DomainError) || error.message.includes(id)) return error;
  return new DomainError(
    error.kind,
    `Investigation ${id}: ${error.message}`,
    error.refusal,
    error.field,
  );
}
