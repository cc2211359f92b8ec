import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  COMMAND_LINE_QUARANTINE,
  discardQuarantinedBodySchema,
  listQuarantineQuerySchema,
  listQuarantineReplySchema,
  retryQuarantineReplySchema,
} from '../../../shared/schemas/quarantine';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import { findIntegration } from '../../db/queries/integrations';
import type { IntegrationRow } from '../../db/queries/integrations';
import type { QuarantineOwner } from '../../db/queries/quarantine';
import {
  deleteQuarantined,
  findQuarantined,
  listQuarantined,
  quarantineReasons,
} from '../../db/queries/quarantine';
import { notFound } from '../../domain-error';
import { presentQuarantined } from '../../ingest/quarantine/present-quarantined';
import { isRetrying, retryQuarantine } from '../../ingest/quarantine/retry-quarantine';
import { originalRaw } from '../../ingest/quarantine/quarantine-row';

const params = z.object({ id: idParam });
const recordParams = z.object({ id: idParam, recordId: z.coerce.number().int().min(1) });

/** The quarantine an id names: an integration's, or `command-line` for command-line batches. */
async function ownerOf(
  db: Kysely<Database>,
  id: string,
): Promise<{ owner: QuarantineOwner; integration: IntegrationRow | null }> {
  if (id === COMMAND_LINE_QUARANTINE) return { owner: null, integration: null };
  const integration = await findIntegration(db, id);
  if (!integration) throw notFound('There is no integration with that id.');
  return { owner: integration.id, integration };
}

/**
 * The quarantine of an integration (or of command-line batches): records that could not become
 * events, grouped by reason, each with its raw text; "Try again" re-reads them through the
 * pipeline; discarding one needs a reason and is audited.
 */
export const quarantineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations/:id/quarantine',
    {
      schema: {
        params,
        querystring: listQuarantineQuerySchema,
        response: { 200: listQuarantineReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { owner } = await ownerOf(app.db, request.params.id);
      const { reason, cursor, limit } = request.query;
      const [reasons, rows] = await Promise.all([
        quarantineReasons(app.db, owner),
        listQuarantined(app.db, owner, { reason, afterId: cursor ?? 0, limit: limit + 1 }),
      ]);
      const page = rows.slice(0, limit);
      return {
        total: reasons.reduce((sum, { count }) => sum + count, 0),
        reasons,
        records: page.map(presentQuarantined),
        nextCursor: rows.length > limit ? Number(page.at(-1)!.id) : null,
        retrying: isRetrying(owner),
      };
    },
  );

  // The records as NDJSON, one per line as they were read, to fix and send again.
  app.get(
    '/integrations/:id/quarantine/download',
    { schema: { params, response: { 200: z.string(), 404: errorReplySchema } } },
    async (request, reply) => {
      const { owner } = await ownerOf(app.db, request.params.id);
      const lines: string[] = [];
      let afterId = 0;
      for (;;) {
        const rows = await listQuarantined(app.db, owner, { afterId, limit: 1000 });
        if (rows.length === 0) break;
        for (const row of rows) lines.push(originalRaw(row.raw, row.raw_encoding));
        afterId = Number(rows.at(-1)!.id);
      }
      await app.audit(request, {
        action: 'integration.quarantine.download',
        targetType: 'integration',
        targetId: request.params.id,
        details: { records: lines.length },
      });
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="quarantine-${request.params.id}.ndjson"`,
        )
        .send(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
    },
  );

  app.post(
    '/integrations/:id/quarantine/retry',
    {
      schema: {
        params,
        response: { 200: retryQuarantineReplySchema, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const { owner, integration } = await ownerOf(app.db, request.params.id);
      const result = await retryQuarantine(app.database, owner, integration);
      await app.audit(request, {
        action: 'integration.quarantine.retry',
        targetType: 'integration',
        targetId: request.params.id,
        details: {
          retried: result.retried,
          released: result.released,
          remaining: result.remaining,
        },
      });
      return result;
    },
  );

  app.delete(
    '/integrations/:id/quarantine/:recordId',
    {
      schema: {
        params: recordParams,
        body: discardQuarantinedBodySchema,
        response: { 204: z.null(), 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { owner } = await ownerOf(app.db, request.params.id);
      const { recordId } = request.params;
      await app.audited(request, async (trx) => {
        const row = await findQuarantined(trx, owner, recordId);
        if (!row || !(await deleteQuarantined(trx, owner, recordId))) {
          throw notFound('There is no quarantined record with that id here.');
        }
        return {
          result: null,
          entry: {
            action: 'integration.quarantine.discard',
            targetType: 'integration',
            targetId: request.params.id,
            details: {
              recordId,
              runId: Number(row.run_id),
              position: row.position,
              quarantineReason: row.reason.slice(0, 500),
              reason: request.body.reason,
            },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
