import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { listSourcesReplySchema } from '../../../shared/schemas/integrations';
import { parsers } from '../../ingest/parsers/index';

/** GET /integrations/sources: the formats Vigil reads, for the "Connect a source" form. */
export const integrationSourcesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations/sources',
    { schema: { response: { 200: listSourcesReplySchema } } },
    async () => ({
      sources: Object.values(parsers).map((parser) => ({
        id: parser.source,
        label: parser.label,
        description: parser.description,
        framings: [...parser.framings],
      })),
    }),
  );
};
