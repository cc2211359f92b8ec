import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  createIntegrationBodySchema,
  integrationSchema,
  integrationWithTokenSchema,
  listIntegrationsReplySchema,
  updateIntegrationBodySchema,
} from '../../../shared/schemas/integrations';
import { findCollection, listCollections } from '../../db/queries/integration-collections';
import {
  deleteIntegration,
  findIntegration,
  listIntegrations,
  updateIntegration,
} from '../../db/queries/integrations';
import { notFound } from '../../domain-error';
import {
  createIntegration,
  rotateIntegrationToken,
} from '../../ingest/integrations/manage-integrations';
import { presentIntegration } from '../../ingest/integrations/present-integration';

const params = z.object({ id: idParam });
const errors = { 400: errorReplySchema, 404: errorReplySchema };
const missing = () => notFound('There is no integration with that id.');

/**
 * /integrations: list, create (the reply carries the ingest token, the only time it is shown),
 * read, edit, rotate the token, delete (events stay). Every change is audited; no reply ever
 * holds a token or its hash after creation.
 */
export const integrationCrudRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations',
    { schema: { response: { 200: listIntegrationsReplySchema } } },
    async () => {
      const [rows, collections] = await Promise.all([
        listIntegrations(app.db),
        listCollections(app.db),
      ]);
      const byId = new Map(collections.map((c) => [c.integration_id, c]));
      return { integrations: rows.map((row) => presentIntegration(row, byId.get(row.id))) };
    },
  );

  app.post(
    '/integrations',
    {
      schema: {
        body: createIntegrationBodySchema,
        response: { 201: integrationWithTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row, token } = await app.audited(request, async (trx) => {
        const created = await createIntegration(
          trx,
          request.body,
          request.viewer!.userId,
          Date.now(),
        );
        const { id, name, kind, enabled } = created.row;
        return {
          result: created,
          entry: {
            action: 'integration.create',
            targetType: 'integration',
            targetId: id,
            details: { name, kind, enabled: enabled === 1 },
          },
        };
      });
      return reply.code(201).send({ integration: presentIntegration(row, undefined), token });
    },
  );

  app.get(
    '/integrations/:id',
    { schema: { params, response: { 200: integrationSchema, ...errors } } },
    async (request) => {
      const row = await findIntegration(app.db, request.params.id);
      if (!row) throw missing();
      return presentIntegration(row, await findCollection(app.db, row.id));
    },
  );

  app.patch(
    '/integrations/:id',
    {
      schema: {
        params,
        body: updateIntegrationBodySchema,
        response: { 200: integrationSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const after = await app.audited(request, async (trx) => {
        const before = await findIntegration(trx, id);
        if (!before || !(await updateIntegration(trx, id, request.body, Date.now())))
          throw missing();
        return {
          result: (await findIntegration(trx, id))!,
          entry: {
            action: 'integration.update',
            targetType: 'integration',
            targetId: id,
            details: {
              changes: request.body,
              before: { name: before.name, enabled: before.enabled === 1 },
            },
          },
        };
      });
      return presentIntegration(after, await findCollection(app.db, id));
    },
  );

  app.post(
    '/integrations/:id/token',
    { schema: { params, response: { 200: integrationWithTokenSchema, ...errors } } },
    async (request) => {
      const { id } = request.params;
      const rotated = await app.audited(request, async (trx) => {
        const done = await rotateIntegrationToken(trx, id, Date.now());
        if (!done) throw missing();
        return {
          result: done,
          entry: {
            action: 'integration.rotate_token',
            targetType: 'integration',
            targetId: id,
            details: { tokenHint: done.row.token_hint },
          },
        };
      });
      return {
        integration: presentIntegration(rotated.row, await findCollection(app.db, id)),
        token: rotated.token,
      };
    },
  );

  app.delete(
    '/integrations/:id',
    { schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await app.audited(request, async (trx) => {
        const row = await findIntegration(trx, request.params.id);
        if (!row || !(await deleteIntegration(trx, row.id))) throw missing();
        return {
          result: null,
          entry: {
            action: 'integration.delete',
            targetType: 'integration',
            targetId: row.id,
            details: { name: row.name, kind: row.kind, eventCount: Number(row.event_count) },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
