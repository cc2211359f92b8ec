import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { storableText } from '../../../shared/schemas/storable-text';
import {
  ingestQuerySchema,
  ingestRejectedReplySchema,
  ingestReplySchema,
} from '../../../shared/schemas/integrations';
import { findIntegration } from '../../db/queries/integrations';
import { invalid, conflict, notFound } from '../../domain-error';
import {
  declaredLength,
  ingestForIntegration,
  ingestReply,
  sourceConflict,
} from '../../ingest/integrations/ingest-for-integration';
import { drainRest, MAX_BATCH_BYTES, streamedBody } from '../../ingest/integrations/request-body';

/**
 * POST /integrations/{id}/upload: an export file uploaded from the settings screen
 * (multipart/form-data, one file). The file streams to the pipeline as it arrives. `?source=`
 * names its format; without it (or with `auto`) each record's format is detected.
 */
export const integrationUploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { files: 1, fileSize: MAX_BATCH_BYTES, fields: 5, parts: 6 },
  });

  app.post(
    '/integrations/:id/upload',
    {
      schema: {
        params: z.object({ id: idParam }),
        querystring: ingestQuerySchema,
        response: {
          200: ingestReplySchema,
          400: ingestRejectedReplySchema.or(errorReplySchema),
          404: errorReplySchema,
          409: errorReplySchema,
          413: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const integration = await findIntegration(app.db, request.params.id);
      if (!integration) throw notFound('There is no integration with that id.');
      if (integration.enabled !== 1) {
        throw conflict('This integration is disabled: enable it before uploading.');
      }
      if (!request.isMultipart()) {
        throw invalid('Send the export as multipart/form-data with one file field.');
      }
      const refused = sourceConflict(integration, request.query.source);
      if (refused !== null) throw invalid(refused);
      const file = await request.file();
      if (!file) throw invalid('The upload holds no file: attach the export file.');
      const result = await ingestForIntegration(
        app.database,
        integration,
        streamedBody(file.file),
        'upload',
        // The form's size: the file's, give or take its few hundred bytes of multipart framing.
        declaredLength(request.headers['content-length']),
        request.query.source,
      );
      if (drainRest(file.file)) void reply.header('connection', 'close');
      await app.audit(request, {
        action: 'integration.upload',
        targetType: 'integration',
        targetId: integration.id,
        details: {
          file: storableText(file.filename.slice(0, 200)),
          runId: result.runId,
          status: result.status,
          accepted: result.accepted,
          rejected: result.rejected,
        },
      });
      const { status, body } = ingestReply(result);
      return reply.code(status).send(body);
    },
  );
};
