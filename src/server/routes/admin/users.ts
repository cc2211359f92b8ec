import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  adminUserSchema,
  createUserBodySchema,
  createUserReplySchema,
  listUsersReplySchema,
  resetPasswordBodySchema,
  resetPasswordReplySchema,
  updateUserBodySchema,
} from '../../../shared/schemas/admin';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  changeUser,
  createUser,
  listAdminUsers,
  newPassword,
  resetPassword,
} from '../../accounts/manage-users';

const errors = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const params = z.object({ id: idParam });

/** /admin/users: list, create, change roles, disable or enable, reset password. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('users.manage'));

  app.get('/admin/users', { schema: { response: { 200: listUsersReplySchema } } }, async () => ({
    users: await listAdminUsers(app.db),
  }));

  app.post(
    '/admin/users',
    { schema: { body: createUserBodySchema, response: { 201: createUserReplySchema, ...errors } } },
    async (request, reply) => {
      const password = await newPassword(request.body.password);
      const result = await app.audited(request, async (trx) => {
        const created = await createUser(trx, request.body, password, Date.now());
        return {
          result: created,
          entry: {
            action: 'user.create',
            targetType: 'user',
            targetId: created.user.id,
            details: { email: created.user.email, roles: created.user.roles },
          },
        };
      });
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: { params, body: updateUserBodySchema, response: { 200: adminUserSchema, ...errors } },
    },
    async (request) => {
      return app.audited(request, async (trx) => {
        const { user, changes } = await changeUser(
          trx,
          request.viewer!,
          request.params.id,
          request.body,
          Date.now(),
        );
        const action = changes.disabled
          ? user.disabled
            ? 'user.disable'
            : 'user.enable'
          : 'user.update';
        return {
          result: user,
          entry:
            Object.keys(changes).length > 0
              ? { action, targetType: 'user', targetId: user.id, details: { changes } }
              : null,
        };
      });
    },
  );

  app.post(
    '/admin/users/:id/reset-password',
    {
      schema: {
        params,
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordReplySchema, ...errors },
      },
    },
    async (request) => {
      const password = await newPassword(request.body.password);
      await app.audited(request, async (trx) => {
        await resetPassword(trx, request.params.id, password, Date.now());
        return {
          result: null,
          entry: { action: 'user.password_reset', targetType: 'user', targetId: request.params.id },
        };
      });
      return { temporaryPassword: password.temporaryPassword };
    },
  );
};
