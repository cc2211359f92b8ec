import type { Readable } from 'node:stream';

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  ingestQuerySchema,
  ingestRejectedReplySchema,
  ingestReplySchema,
} from '../../../shared/schemas/integrations';
import { findIntegration } from '../../db/queries/integrations';
import type { IntegrationRow } from '../../db/queries/integrations';
import { conflict, invalid, unauthenticated } from '../../domain-error';
import {
  declaredLength,
  ingestForIntegration,
  ingestReply,
  sourceConflict,
} from '../../ingest/integrations/ingest-for-integration';
import { ingestTokenMatches } from '../../ingest/integrations/ingest-token';
import { drainRest, MAX_BATCH_BYTES, streamedBody } from '../../ingest/integrations/request-body';

/** Body types a push may carry; each is handed to the pipeline as a raw stream. */
const PUSH_TYPES = [
  'application/json',
  'application/x-ndjson',
  'text/csv',
  // A binary .evtx file, known by its signature (framing/evtx).
  'application/octet-stream',
];

const authenticated = new WeakMap<FastifyRequest, IntegrationRow>();

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * POST /integrations/{id}/ingest: a source pushes a batch (NDJSON, a JSON array or page, or
 * CSV) with the integration's token as `Authorization: Bearer <token>`. `?source=` names the
 * format; without it (or with `auto`) each record's format is detected. No session cookie,
 * hence no CSRF check. The body is streamed to the pipeline, never buffered, up to 2 GiB.
 * Registered in its own scope: its content-type parsers hand over the raw stream.
 */
export const pushIngestRoute: FastifyPluginAsyncZod = async (app) => {
  // Only these types: Fastify's inherited text/plain parser would hand over a string, not a stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(PUSH_TYPES, (_request, payload, done) => done(null, payload));

  app.post(
    '/integrations/:id/ingest',
    {
      config: { csrf: false },
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        params: z.object({ id: idParam }),
        querystring: ingestQuerySchema,
        response: {
          200: ingestReplySchema,
          400: ingestRejectedReplySchema.or(errorReplySchema),
          401: errorReplySchema,
          409: errorReplySchema,
          413: errorReplySchema,
        },
      },
      // Before the body is touched: a caller without the token learns nothing and sends nothing.
      onRequest: async (request) => {
        const token = bearerToken(request);
        if (token === null) {
          throw unauthenticated(
            'Send the integration’s ingest token as `Authorization: Bearer <token>`.',
          );
        }
        const { id } = request.params;
        const integration = await findIntegration(app.db, id);
        if (!integration || !ingestTokenMatches(integration.token_hash, token)) {
          throw unauthenticated('The ingest token is not valid for this integration.');
        }
        if (integration.enabled !== 1) {
          throw conflict('This integration is disabled: enable it in its settings to accept data.');
        }
        authenticated.set(request, integration);
      },
    },
    async (request, reply) => {
      const integration = authenticated.get(request)!;
      const body = (request.body as Readable | undefined) ?? null;
      const { source } = request.query;
      const refused = sourceConflict(integration, source);
      if (refused !== null) {
        if (body !== null && drainRest(body)) void reply.header('connection', 'close');
        throw invalid(refused);
      }
      const input = body === null ? { records: [] } : streamedBody(body);
      const result = await ingestForIntegration(
        app.database,
        integration,
        input,
        'push',
        declaredLength(request.headers['content-length']),
        source,
      );
      if (body !== null && drainRest(body)) void reply.header('connection', 'close');
      await app.audit(request, {
        action: 'integration.push',
        targetType: 'integration',
        targetId: integration.id,
        details: {
          runId: result.runId,
          status: result.status,
          accepted: result.accepted,
          rejected: result.rejected,
        },
      });
      const { status, body: payload } = ingestReply(result);
      return reply.code(status).send(payload);
    },
  );
};
