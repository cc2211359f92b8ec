import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ssoConfigReplySchema } from '../../../shared/schemas/auth';
import { lookupSession, startSession } from '../../accounts/sessions';
import { SSO_COOKIE, SSO_COOKIE_MAX_AGE_S, SsoClient } from '../../accounts/sso';
import type { SsoPending } from '../../accounts/sso';
import { findUserByEmail, updateUser } from '../../db/queries/users';
import { sessionCookie } from '../../plugins/auth';

/** Only in-app paths may follow sign-in. */
function safeNext(next: string | undefined): string {
  return next && /^\/(app|dev)(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/app/';
}

function failure(reason: string): string {
  return `/auth/callback?${new URLSearchParams({ error: 'access_denied', error_description: reason }).toString()}`;
}

/**
 * Single sign-on with OpenID Connect (authorization code with PKCE): /auth/sso/config tells
 * the sign-in page whether to offer it, /auth/sso/start leaves for the provider, and
 * /auth/sso/callback starts a session for an existing, enabled user with the verified email,
 * then continues at /auth/callback (which shows why when it failed).
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.sso;
  const sso = settings ? new SsoClient(settings) : null;
  const policy = { idleMs: app.config.sessionIdleMs, absoluteMs: app.config.sessionAbsoluteMs };
  const cookieOptions = {
    path: '/api/app/auth/sso',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
  };

  app.get(
    '/auth/sso/config',
    { schema: { response: { 200: ssoConfigReplySchema } } },
    async () => ({
      enabled: sso !== null,
      label: sso?.label ?? null,
    }),
  );

  app.get(
    '/auth/sso/start',
    { schema: { querystring: z.object({ next: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      if (!sso) return reply.redirect(failure('Single sign-on is not configured for this Vigil.'));
      try {
        const { url, pending } = await sso.start(
          `${request.protocol}://${request.host}`,
          safeNext(request.query.next),
        );
        void reply.setCookie(SSO_COOKIE, JSON.stringify(pending), {
          ...cookieOptions,
          maxAge: SSO_COOKIE_MAX_AGE_S,
        });
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on could not start');
        return reply.redirect(
          failure(
            'The identity provider could not be reached. Try again, or sign in with a password.',
          ),
        );
      }
    },
  );

  app.get('/auth/sso/callback', async (request, reply) => {
    const raw = request.cookies[SSO_COOKIE];
    void reply.clearCookie(SSO_COOKIE, cookieOptions);
    const query = request.query as Record<string, string | undefined>;
    if (!sso) return reply.redirect(failure('Single sign-on is not configured for this Vigil.'));
    if (query.error)
      return reply.redirect(
        failure(
          query.error_description ?? `The identity provider refused the sign-in (${query.error}).`,
        ),
      );
    let pending: SsoPending;
    try {
      pending = JSON.parse(raw ?? '') as SsoPending;
    } catch {
      return reply.redirect(
        failure('The sign-in took too long or was started in another browser. Start again.'),
      );
    }
    try {
      const url = new URL(request.url, pending.redirectUrl);
      const { email } = await sso.finish(url, pending);
      const user = await findUserByEmail(app.db, email);
      if (!user || user.disabled) {
        await app.audit(request, {
          action: 'auth.login_failed',
          actorEmail: email,
          details: { via: 'sso', reason: user ? 'disabled' : 'no Vigil account' },
        });
        return reply.redirect(
          failure(`${email} has no active Vigil account. Ask an administrator to create it.`),
        );
      }
      const now = Date.now();
      const { token } = await startSession(app.db, user.id, policy, {
        now,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        previousToken: request.cookies[sessionCookie(app.config.secureCookies).name],
      });
      await updateUser(app.db, user.id, { last_login_at: now }, now);
      const session = await lookupSession(app.db, token, policy, now);
      await app.audit(request, {
        action: 'auth.login',
        actorUserId: user.id,
        actorEmail: user.email,
        targetType: 'user',
        targetId: user.id,
        details: { via: 'sso' },
      });
      const cookie = sessionCookie(
        app.config.secureCookies,
        session.status === 'valid' ? session.expiresAt : undefined,
      );
      void reply.setCookie(cookie.name, token, cookie.options);
      return reply.redirect(
        `/auth/callback?${new URLSearchParams({ next: pending.next }).toString()}`,
      );
    } catch (error) {
      request.log.warn({ err: error }, 'single sign-on failed');
      await app.audit(request, {
        action: 'auth.login_failed',
        details: { via: 'sso', reason: error instanceof Error ? error.message : 'unknown' },
      });
      return reply.redirect(
        failure(
          error instanceof Error && error.message.endsWith('.')
            ? error.message
            : "The identity provider's answer could not be verified. Start again.",
        ),
      );
    }
  });
};
