import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { eventSearchQuerySchema, eventSearchReplySchema } from '../../../shared/schemas/search';
import { searchEvents } from '../../case/search-events';
import { visibilityOf } from '../../case/visibility';

/**
 * GET /search/events?q=&cursor=&limit=: a word inside the cases the caller may see (a mail
 * domain, a file name), found in their subjects' events, for the palette. Audited like every
 * read of evidence.
 */
export const searchEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/events',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        tags: ['evidence'],
        querystring: eventSearchQuerySchema,
        response: { 200: eventSearchReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const reply = await searchEvents(
        app.db,
        app.database.dialect,
        visibilityOf(request.viewer!),
        request.query,
        await request.identityPolicy(),
      );
      await app.audit(request, {
        action: 'evidence.search',
        details: {
          q: request.query.q,
          cursor: request.query.cursor ?? null,
          returned: reply.hits.length,
          investigations: [...new Set(reply.hits.map((hit) => hit.investigation.id))],
        },
      });
      return reply;
    },
  );
};
