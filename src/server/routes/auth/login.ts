import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { LOGIN_FAILED_MESSAGE, loginBodySchema, meReplySchema } from '../../../shared/schemas/auth';
import { errorReplySchema } from '../../../shared/schemas/common';
import {
  FailureLimiter,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
} from '../../auth/login-limiter';
import { verifyPassword } from '../../auth/passwords';
import { lookupSession, startSession } from '../../auth/sessions';
import { findUserByEmail, updateUser } from '../../db/queries/users';
import { tooManyRequests, unauthorized } from '../../http-problem';
import { sessionCookie } from '../../plugins/auth';

function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
}

/** POST /auth/login: checks the password, then starts a new session and sets its cookie. */
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  const byAccount = new FailureLimiter(MAX_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS);
  const byAddress = new FailureLimiter(MAX_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS);
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
      const wait = Math.max(
        byAccount.retryAfter(email, now),
        byAddress.retryAfter(request.ip, now),
      );
      if (wait > 0) {
        void reply.header('retry-after', Math.ceil(wait / 1000));
        throw tooManyRequests(
          `Too many failed sign-in attempts. Wait ${minutes(wait)} and try again.`,
        );
      }
      const user = await findUserByEmail(app.db, email);
      const valid = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !valid || user.disabled) {
        byAccount.fail(email, now);
        byAddress.fail(request.ip, now);
        await app.audit(request, {
          action: 'auth.login_failed',
          actorEmail: email,
          actorUserId: user?.id,
          details: {
            reason: !user ? 'unknown account' : user.disabled ? 'disabled' : 'wrong password',
          },
        });
        throw unauthorized(LOGIN_FAILED_MESSAGE);
      }
      byAccount.reset(email);
      const { token } = await startSession(app.db, user.id, policy, {
        now,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        previousToken: request.cookies[cookie.name],
      });
      await updateUser(app.db, user.id, { last_login_at: now }, now);
      const session = await lookupSession(app.db, token, policy, now);
      if (session.status !== 'valid') throw unauthorized(LOGIN_FAILED_MESSAGE);
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
      };
    },
  );
};
