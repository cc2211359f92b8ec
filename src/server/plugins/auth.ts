import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Permission } from '../../shared/permissions';
import { lookupApiToken } from '../accounts/api-token-lookup';
import type { ApiTokenLookup } from '../accounts/api-token-lookup';
import { ApiTokenHasher } from '../accounts/api-token-secret';
import { lookupSession } from '../accounts/sessions';
import type { SessionPolicy } from '../accounts/sessions';
import { sessionCookieName } from '../accounts/session-token';
import { waitPhrase } from '../accounts/sign-in-policy';
import { SignInThrottle } from '../accounts/sign-in-throttle';
import { forbidden, rateLimited, unauthenticated } from '../domain-error';
import { bearerTokenOf } from './credentials';

/** Readable names of permissions for 403 messages. */
const PERMISSION_PHRASES: Record<Permission, string> = {
  'investigations.read': 'open investigations',
  'investigations.write': 'create or change investigations',
  'investigations.read_all': 'see every investigation',
  'evidence.read': 'read evidence',
  'evidence.write': 'pin evidence or change incidents',
  'employees.read': 'browse employees',
  'users.manage': 'manage users',
  'roles.manage': 'manage roles',
  'integrations.manage': 'manage integrations',
  'configuration.manage': 'change the configuration',
  'audit.read': 'read the audit log',
  'dev.tools': 'run developer tools',
  'identity.reveal': 'reveal identities',
  'privacy.approve': 'decide requests to reveal identities',
  'legal.hold': 'place or lift legal holds',
  'notifications.manage': 'manage notifications',
};

/** Why a bearer token that is not valid was refused, as the 401 says it. */
const TOKEN_REFUSALS: Record<Exclude<ApiTokenLookup['status'], 'valid'>, string> = {
  unknown: 'The API token is not valid.',
  expired: 'The API token has expired. Make a new one under Settings, API tokens.',
  revoked: 'The API token has been revoked.',
  'owner-disabled': 'The API token is not valid: the account it belongs to is disabled.',
};

/** The session cookie's name and options for this deployment. */
export function sessionCookie(secure: boolean, expiresAt?: number) {
  return {
    name: sessionCookieName(secure),
    options: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      ...(expiresAt ? { expires: new Date(expiresAt) } : {}),
    },
  };
}

/**
 * Cookie parsing, `request.viewer`, and `app.authenticate`: the onRequest hook that the
 * authenticated scope installs, answering 401 without a valid session or API token. A request
 * with `Authorization: Bearer` is the token's owner with the token's scopes, whatever cookie it
 * also carries; tokens that match nothing count against the address like failed sign-ins.
 */
export const authPlugin = fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('viewer', null);
    app.decorateRequest('session', null);
    const policy: SessionPolicy = {
      idleMs: app.config.sessionIdleMs,
      absoluteMs: app.config.sessionAbsoluteMs,
    };
    const { name } = sessionCookie(app.config.secureCookies);
    const hasher = new ApiTokenHasher(app.db);
    const throttle = new SignInThrottle(app.db, app.database.dialect);

    const authenticateToken = async (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
    ) => {
      const now = Date.now();
      // Before the token is looked at: a right guess from a throttled address is refused too.
      const waitMs = await throttle.tokenWait(request.ip, now);
      if (waitMs > 0) {
        void reply.header('retry-after', Math.ceil(waitMs / 1000));
        throw rateLimited(
          `Too many requests with unknown API tokens or failed sign-ins from this address. Wait ${waitPhrase(waitMs)} and try again.`,
        );
      }
      const found = await lookupApiToken(app.db, hasher, token, now);
      if (found.status !== 'valid') {
        if (found.status === 'unknown') await throttle.countUnknownToken(request.ip, now);
        throw unauthenticated(TOKEN_REFUSALS[found.status]);
      }
      request.viewer = found.viewer;
      request.session = null;
      // Every use is in the audit log (the route's own entries name the token too).
      await app.audit(request, {
        action: 'api_token.use',
        targetType: 'api_token',
        targetId: found.viewer.apiToken!.id,
        details: {
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
        },
      });
    };

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = bearerTokenOf(request);
      if (bearer !== null) return authenticateToken(request, reply, bearer);
      const token = request.cookies[name];
      if (!token) throw unauthenticated('You are not signed in. Sign in to continue.');
      const session = await lookupSession(app.db, token, policy, Date.now());
      if (session.status !== 'valid') {
        void reply.clearCookie(name, sessionCookie(app.config.secureCookies).options);
        throw unauthenticated(
          session.status === 'expired'
            ? 'Your session has expired. Sign in again.'
            : 'You are not signed in. Sign in to continue.',
        );
      }
      request.viewer = session.viewer;
      request.session = {
        tokenHash: session.tokenHash,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
      };
    });

    app.decorate(
      'requirePermission',
      (permission: Permission) => async (request: FastifyRequest) => {
        const viewer = request.viewer;
        if (viewer?.permissions.has(permission)) return;
        if (viewer?.apiToken && !viewer.apiToken.scopes.has(permission)) {
          throw forbidden(
            `This API token does not have the scope to ${PERMISSION_PHRASES[permission]} (${permission}).`,
          );
        }
        throw forbidden(`Your role does not allow you to ${PERMISSION_PHRASES[permission]}.`);
      },
    );
  },
  { name: 'vigil-auth', dependencies: ['vigil-db', 'vigil-audit'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: resolves the session or answers 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
