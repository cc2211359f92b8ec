import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { listAdminApiTokensReplySchema } from '../../../shared/schemas/api-tokens';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { listEveryonesApiTokens, revokeToken } from '../../accounts/manage-api-tokens';
import { refuseApiTokens } from '../../accounts/session-only-gate';

const params = z.object({ id: idParam });

/** /admin/tokens: everyone's API tokens, and revoking anyone's (user admins, in person). */
export const adminTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('users.manage'));
  app.addHook('preHandler', refuseApiTokens);

  app.get(
    '/admin/tokens',
    {
      schema: {
        tags: ['api tokens'],
        response: { 200: listAdminApiTokensReplySchema, 403: errorReplySchema },
      },
    },
    async () => ({ tokens: await listEveryonesApiTokens(app.db, Date.now()) }),
  );

  app.delete(
    '/admin/tokens/:id',
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
          anyOwner: true,
          now: Date.now(),
        });
        return {
          result: null,
          entry: {
            action: 'api_token.revoke',
            targetType: 'api_token',
            targetId: token.id,
            details: { name: token.name, ownerUserId: token.user_id, byAdmin: true },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
