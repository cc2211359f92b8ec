import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Permission } from '../../shared/permissions';
import { lookupSession } from '../accounts/sessions';
import type { SessionPolicy } from '../accounts/sessions';
import { sessionCookieName } from '../accounts/session-token';
import { forbidden, unauthenticated } from '../domain-error';

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
 * authenticated scope installs, answering 401 without a valid session.
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

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
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
        if (!request.viewer?.permissions.has(permission)) {
          throw forbidden(`Your role does not allow you to ${PERMISSION_PHRASES[permission]}.`);
        }
      },
    );
  },
  { name: 'vigil-auth', dependencies: ['vigil-db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: resolves the session or answers 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
