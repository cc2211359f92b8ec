import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  WRONG_CURRENT_PASSWORD_MESSAGE,
  changePasswordBodySchema,
  changePasswordReplySchema,
} from '../../../shared/schemas/auth';
import { errorReplySchema } from '../../../shared/schemas/common';
import { changeOwnPassword } from '../../accounts/change-own-password';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { refuseApiTokens } from '../../accounts/session-only-gate';
import { waitPhrase } from '../../accounts/sign-in-policy';
import { SignInThrottle } from '../../accounts/sign-in-throttle';
import { findUserById } from '../../db/queries/users';
import { invalid, rateLimited } from '../../domain-error';

/**
 * POST /me/password: the caller changes their own password. The current one is checked under
 * the sign-in throttle (a stolen session cannot guess it faster than the sign-in page could);
 * on success every other session of the user ends and the temporary mark goes.
 */
export const myPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new SignInThrottle(app.db, app.database.dialect);

  app.post(
    '/me/password',
    {
      preHandler: refuseApiTokens,
      schema: {
        body: changePasswordBodySchema,
        response: {
          200: changePasswordReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer!;
      const now = Date.now();
      const attempt = await throttle.reserve(viewer.email, request.ip, now);
      if (!attempt.allowed) {
        void reply.header('retry-after', Math.ceil(attempt.waitMs / 1000));
        throw rateLimited(
          `Too many wrong passwords. Wait ${waitPhrase(attempt.waitMs)} and try again.`,
        );
      }
      const user = await findUserById(app.db, viewer.userId);
      if (!(await verifyPassword(user?.password_hash ?? null, request.body.currentPassword))) {
        await app.audit(request, {
          action: 'user.password_change_failed',
          targetType: 'user',
          targetId: viewer.userId,
          details: { reason: 'wrong current password' },
        });
        throw invalid(WRONG_CURRENT_PASSWORD_MESSAGE);
      }
      await throttle.succeeded(attempt, viewer.email, request.ip, now);
      const passwordHash = await hashPassword(request.body.newPassword);
      const otherSessionsEnded = await app.audited(request, async (trx) => {
        const ended = await changeOwnPassword(trx, {
          userId: viewer.userId,
          passwordHash,
          keepSessionTokenHash: request.session!.tokenHash,
          now,
        });
        return {
          result: ended,
          entry: {
            action: 'user.password_change',
            targetType: 'user',
            targetId: viewer.userId,
            details: { otherSessionsEnded: ended, wasTemporary: Boolean(user!.password_temporary) },
          },
        };
      });
      return { otherSessionsEnded };
    },
  );
};
