import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { LOGIN_FAILED_MESSAGE, loginBodySchema, meReplySchema } from '../../../shared/schemas/auth';
import { errorReplySchema } from '../../../shared/schemas/common';
import { verifyPassword } from '../../accounts/passwords';
import { lookupSession, startSession } from '../../accounts/sessions';
import { waitPhrase } from '../../accounts/sign-in-policy';
import { SignInThrottle } from '../../accounts/sign-in-throttle';
import { findUserByEmail, updateUser } from '../../db/queries/users';
import { rateLimited, unauthenticated } from '../../domain-error';
import { sessionCookie } from '../../plugins/auth';

/** POST /auth/login: checks the password, then starts a new session and sets its cookie. */
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  const throttle = new SignInThrottle(app.db, app.database.dialect);
  const policy = { idleMs: app.config.sessionIdleMs, absoluteMs: app.config.sessionAbsoluteMs };
  const cookie = sessionCookie(app.config.secureCookies);

  app.post(
    '/auth/login',
    {
      schema: {
        body: loginBodySchema,
        response: {
          200: meReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const email = request.body.email.toLowerCase();
      // Counted before the password is checked, so parallel guesses cannot outrun the count.
      const attempt = await throttle.reserve(email, request.ip, now);
      if (!attempt.allowed) {
        void reply.header('retry-after', Math.ceil(attempt.waitMs / 1000));
        throw rateLimited(
          `Too many failed sign-in attempts. Wait ${waitPhrase(attempt.waitMs)} and try again.`,
        );
      }
      const user = await findUserByEmail(app.db, email);
      const valid = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !valid || user.disabled) {
        await app.audit(request, {
          action: 'auth.login_failed',
          // What was typed for no account may be a password: auditors see only its digest.
          actorEmail: user ? email : await throttle.unknownIdentifier(email),
          actorUserId: user?.id,
          details: {
            reason: !user ? 'unknown account' : user.disabled ? 'disabled' : 'wrong password',
          },
        });
        throw unauthenticated(LOGIN_FAILED_MESSAGE);
      }
      await throttle.succeeded(attempt, email, request.ip, now);
      const { token } = await startSession(app.db, user.id, policy, {
        now,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        previousToken: request.cookies[cookie.name],
      });
      await updateUser(app.db, user.id, { last_login_at: now }, now);
      const session = await lookupSession(app.db, token, policy, now);
      if (session.status !== 'valid') throw unauthenticated(LOGIN_FAILED_MESSAGE);
      request.viewer = session.viewer;
      await app.audit(request, { action: 'auth.login', targetType: 'user', targetId: user.id });
      void reply.setCookie(
        cookie.name,
        token,
        sessionCookie(app.config.secureCookies, session.expiresAt).options,
      );
      return {
        user: { id: user.id, email: user.email, displayName: user.display_name },
        roles: session.viewer.roles,
        permissions: [...session.viewer.permissions],
        session: {
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          idleTimeoutMs: policy.idleMs,
        },
        passwordChangeRequired: Boolean(user.password_temporary),
      };
    },
  );
};
