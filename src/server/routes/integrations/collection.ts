import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { EventSource } from '../../../shared/events';
import {
  collectionBodySchema,
  collectionReplySchema,
  collectionRunReplySchema,
  collectionTestReplySchema,
} from '../../../shared/schemas/collection';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { findIntegration } from '../../db/queries/integrations';
import {
  collectedSince,
  findCollection,
  requestCollectionRun,
} from '../../db/queries/integration-collections';
import { conflict, notFound } from '../../domain-error';
import { saveCollection } from '../../ingest/collectors/manage-collection';
import { presentCollection, startOfUtcDay } from '../../ingest/collectors/present-collection';
import { testCollection } from '../../ingest/collectors/test-collection';

const params = z.object({ id: idParam });
const errors = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
// Refusals never echo what the caller sent (issue 23): the sentence is the same for every id.
const missing = () => notFound('There is no integration with that id.');

/**
 * /integrations/{id}/collection: Vigil polls the vendor's audit API by itself. Read and change
 * the settings (secrets write-only), test the connection, poll now. Changes are audited; a
 * change of credentials has its own entry, with the names of the secrets and never their values.
 */
export const integrationCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = async (integrationId: string, kind: string) => {
    const now = Date.now();
    const row = await findCollection(app.db, integrationId);
    const today = row ? await collectedSince(app.db, integrationId, startOfUtcDay(now)) : 0;
    return presentCollection(kind as EventSource, row, today, now);
  };

  app.get(
    '/integrations/:id/collection',
    { schema: { params, response: { 200: collectionReplySchema, ...errors } } },
    async (request) => {
      const integration = await findIntegration(app.db, request.params.id);
      if (!integration) throw missing();
      return present(integration.id, integration.kind);
    },
  );

  app.put(
    '/integrations/:id/collection',
    {
      schema: {
        params,
        body: collectionBodySchema,
        response: { 200: collectionReplySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const integration = await findIntegration(trx, id);
        if (!integration) throw missing();
        const change = await saveCollection(
          trx,
          app.collection.secretBox,
          integration,
          request.body,
          app.config.allowHttpConnectors,
          Date.now(),
        );
        const { changedSecrets, ...rest } = change;
        const entries = [
          {
            action: 'integration.collection.update',
            targetType: 'integration',
            targetId: id,
            details: rest,
          },
          ...(changedSecrets.length > 0
            ? [
                {
                  action: 'integration.credentials.change',
                  targetType: 'integration',
                  targetId: id,
                  details: { secrets: changedSecrets },
                },
              ]
            : []),
        ];
        return { result: null, entry: entries };
      });
      app.collection.wake();
      const integration = (await findIntegration(app.db, id))!;
      return present(id, integration.kind);
    },
  );

  app.post(
    '/integrations/:id/collection/test',
    { schema: { params, response: { 200: collectionTestReplySchema, ...errors } } },
    async (request) => {
      const integration = await findIntegration(app.db, request.params.id);
      if (!integration) throw missing();
      const result = await testCollection(
        app.db,
        app.collection.secretBox,
        integration,
        app.config.allowHttpConnectors,
      );
      await app.audit(request, {
        action: 'integration.collection.test',
        targetType: 'integration',
        targetId: integration.id,
        details: result,
      });
      return result;
    },
  );

  app.post(
    '/integrations/:id/collection/run',
    { schema: { params, response: { 202: collectionRunReplySchema, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const integration = await findIntegration(trx, id);
        if (!integration) throw missing();
        const row = await findCollection(trx, id);
        if (!row) throw conflict('Save the collection settings first, then poll.');
        if (row.enabled !== 1) throw conflict('Collection is paused: resume it to poll.');
        await requestCollectionRun(trx, id, Date.now());
        return {
          result: null,
          entry: { action: 'integration.collection.run', targetType: 'integration', targetId: id },
        };
      });
      app.collection.wake();
      return reply.code(202).send({ message: 'Vigil polls this integration now.' });
    },
  );
};
