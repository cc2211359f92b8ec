import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createApiTokenBodySchema,
  createApiTokenReplySchema,
  listApiTokensReplySchema,
} from '../../../shared/schemas/api-tokens';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { ApiTokenHasher } from '../../accounts/api-token-secret';
import { createApiToken, listOwnApiTokens, revokeToken } from '../../accounts/manage-api-tokens';
import { refuseApiTokens } from '../../accounts/session-only-gate';

const params = z.object({ id: idParam });

/** /me/tokens: the caller's own API tokens: make one (shown once), list them, revoke one. */
export const myTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const hasher = new ApiTokenHasher(app.db);
  app.addHook('preHandler', refuseApiTokens);

  app.get(
    '/me/tokens',
    { schema: { tags: ['api tokens'], response: { 200: listApiTokensReplySchema } } },
    async (request) => ({
      tokens: await listOwnApiTokens(app.db, request.viewer!.userId, Date.now()),
    }),
  );

  app.post(
    '/me/tokens',
    {
      schema: {
        tags: ['api tokens'],
        body: createApiTokenBodySchema,
        response: { 201: createApiTokenReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request, reply) => {
      const issued = await hasher.issue();
      const created = await app.audited(request, async (trx) => {
        const token = await createApiToken(trx, request.viewer!, request.body, issued, Date.now());
        return {
          result: token,
          entry: {
            action: 'api_token.create',
            targetType: 'api_token',
            targetId: token.id,
            details: { name: token.name, scopes: token.scopes, expiresAt: token.expiresAt },
          },
        };
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/me/tokens/:id',
    {
      schema: {
        tags: ['api tokens'],
        params,
        response: { 204: z.null(), 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      await app.audited(request, async (trx) => {
        const token = await revokeToken(trx, request.viewer!, request.params.id, {
          anyOwner: false,
          now: Date.now(),
        });
        return {
          result: null,
          entry: {
            action: 'api_token.revoke',
            targetType: 'api_token',
            targetId: token.id,
            details: { name: token.name, ownerUserId: token.user_id },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
