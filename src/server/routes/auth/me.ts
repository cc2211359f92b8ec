import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { meReplySchema } from '../../../shared/schemas/auth';

/** GET /auth/me: the signed-in user, roles and permissions. */
export const meRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/me', { schema: { response: { 200: meReplySchema } } }, async (request) => {
    const viewer = request.viewer!;
    return {
      user: { id: viewer.userId, email: viewer.email, displayName: viewer.displayName },
      roles: viewer.roles,
      permissions: [...viewer.permissions],
      session: {
        createdAt: request.session!.createdAt,
        expiresAt: request.session!.expiresAt,
        idleTimeoutMs: app.config.sessionIdleMs,
      },
    };
  });
};
