import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodType } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { findingContext } from '../../analysis/findings/finding-context';
import type { FindingContext } from '../../analysis/findings/finding-context';

/** Path parameters of investigation-scoped routes; an empty id gets the brief's message. */
export const findingParams = z.object({
  id: z.string().max(128, 'The id is longer than 128 characters.'),
});

/** One finding endpoint: where, what it accepts and answers, and the detector that computes it. */
export interface FindingRoute<Q extends ZodType, R extends ZodType, P extends z.ZodObject> {
  path: string;
  /** The evidence page (or index part) it serves, recorded in the audit log. */
  page: string;
  summary: string;
  query: Q;
  reply: R;
  params?: P;
  run(ctx: FindingContext, query: z.output<Q>, params: z.output<P>): Promise<z.output<R>>;
}

/**
 * Registers a GET finding route: evidence.read, the case loaded through its visibility (404
 * otherwise), the window resolved, the subject's rollups brought up to date, and the read
 * audited as `evidence.read` with the page and query in its details.
 */
export function defineFinding<
  Q extends ZodType,
  R extends ZodType,
  P extends z.ZodObject = typeof findingParams,
>(app: FastifyInstance, route: FindingRoute<Q, R, P>): void {
  app.get(
    route.path,
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        summary: route.summary,
        tags: ['findings'],
        params: route.params ?? findingParams,
        querystring: route.query,
        response: {
          200: route.reply,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request: FastifyRequest) => {
      const params = request.params as z.output<P> & { id: string };
      const query = request.query as z.output<Q> & { window?: string };
      const ctx = await findingContext(
        { db: app.db, dialect: app.database.dialect },
        request.viewer!,
        params.id,
        query.window,
      );
      const reply = await route.run(ctx, query, params);
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: params.id,
        details: { page: route.page, query, subjectEmployeeId: ctx.subject.id },
      });
      return reply;
    },
  );
}
