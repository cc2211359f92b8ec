import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { FindingEndpoint } from '../../../shared/findings/finding-endpoint';
import { errorReplySchema } from '../../../shared/schemas/common';
import { windowQuerySchema } from '../../../shared/schemas/findings/common';
import type { Detector } from '../../analysis/findings/define-detector';
import { findingContext } from '../../case/finding-context';

/** Path parameters of investigation-scoped routes; an empty id gets the brief's message. */
export const findingParams = z.object({
  id: z.string().max(128, 'The id is longer than 128 characters.'),
});

/** The full path of a case endpoint, from its path below /investigations/{id}/. */
export function casePath(path: string): string {
  return `/investigations/:id/${path}`;
}

/**
 * Registers the GET route of one catalogue entry: evidence.read, the case loaded through its
 * visibility (404 otherwise), the window resolved, the subject's rollups brought up to date,
 * the entry's detector run, and the read audited as `evidence.read` with the page and query.
 */
export function defineFinding(
  app: FastifyInstance,
  endpoint: FindingEndpoint,
  detector: Detector,
): void {
  app.get(
    casePath(endpoint.path),
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        summary: endpoint.title,
        tags: ['findings'],
        params: endpoint.params ? findingParams.extend(endpoint.params.shape) : findingParams,
        querystring: endpoint.query ?? windowQuerySchema,
        response: {
          200: endpoint.reply,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request: FastifyRequest) => {
      const params = request.params as { id: string };
      const query = request.query as { window?: string };
      const ctx = await findingContext(
        { db: app.db, dialect: app.database.dialect },
        request.viewer!,
        params.id,
        await request.identityPolicy(),
        query.window,
      );
      // The route's schemas have validated both against the entry the detector was made for.
      const reply = await detector.run(ctx, query, params);
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: params.id,
        details: { page: endpoint.page, query, subjectEmployeeId: ctx.subject.id },
      });
      return reply;
    },
  );
}
