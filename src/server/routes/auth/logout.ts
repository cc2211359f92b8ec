import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { hashToken } from '../../accounts/session-token';
import { deleteSession } from '../../accounts/sessions';
import { findSession } from '../../db/queries/sessions';
import { sessionCookie } from '../../plugins/auth';

/** POST /auth/logout: ends the session (if any) and clears the cookie; always 204. */
export const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  const cookie = sessionCookie(app.config.secureCookies);
  app.post('/auth/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const token = request.cookies[cookie.name];
    if (token) {
      const tokenHash = hashToken(token);
      const [session] = await findSession(app.db, tokenHash);
      await deleteSession(app.db, tokenHash);
      if (session) {
        await app.audit(request, {
          action: 'auth.logout',
          actorUserId: session.user_id,
          actorEmail: session.email,
          targetType: 'user',
          targetId: session.user_id,
        });
      }
    }
    void reply.clearCookie(cookie.name, cookie.options);
    return reply.code(204).send(null);
  });
};
