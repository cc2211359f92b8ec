import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { meReplySchema } from '../../../shared/schemas/auth';
import { findUserById } from '../../db/queries/users';

/**
 * GET /auth/me: the signed-in user (or the owner of the API token), roles and permissions, and
 * whether their password must change.
 */
export const meRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/me', { schema: { response: { 200: meReplySchema } } }, async (request) => {
    const viewer = request.viewer!;
    const user = await findUserById(app.db, viewer.userId);
    return {
      user: { id: viewer.userId, email: viewer.email, displayName: viewer.displayName },
      roles: viewer.roles,
      permissions: [...viewer.permissions],
      session: request.session && {
        createdAt: request.session.createdAt,
        expiresAt: request.session.expiresAt,
        idleTimeoutMs: app.config.sessionIdleMs,
      },
      ...(viewer.apiToken && {
        apiToken: {
          id: viewer.apiToken.id,
          name: viewer.apiToken.name,
          scopes: [...viewer.apiToken.scopes],
        },
      }),
      passwordChangeRequired: Boolean(user?.password_temporary),
    };
  });
};
