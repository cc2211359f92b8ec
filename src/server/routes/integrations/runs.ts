import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  listIngestRunsQuerySchema,
  listIngestRunsReplySchema,
} from '../../../shared/schemas/integrations';
import { listIngestRuns } from '../../db/queries/ingest-runs';
import { findIntegration } from '../../db/queries/integrations';
import { notFound } from '../../domain-error';
import { presentIngestRun } from '../../ingest/integrations/present-integration';

/** GET /integrations/{id}/runs: the integration's recent ingests, newest first. */
export const integrationRunsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations/:id/runs',
    {
      schema: {
        params: z.object({ id: idParam }),
        querystring: listIngestRunsQuerySchema,
        response: { 200: listIngestRunsReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findIntegration(app.db, id))) {
        throw notFound('There is no integration with that id.');
      }
      const rows = await listIngestRuns(app.db, id, request.query.limit);
      return { runs: rows.map(presentIngestRun) };
    },
  );
};
