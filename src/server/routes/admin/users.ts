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
import { changeUser, createUser, listAdminUsers, resetPassword } from '../../admin/manage-users';

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
      const result = await createUser(app.db, request.body, Date.now());
      await app.audit(request, {
        action: 'user.create',
        targetType: 'user',
        targetId: result.user.id,
        details: { email: result.user.email, roles: result.user.roles },
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
      const { user, changes } = await changeUser(
        app.db,
        request.viewer!,
        request.params.id,
        request.body,
        Date.now(),
      );
      if (Object.keys(changes).length > 0) {
        await app.audit(request, {
          action: changes.disabled
            ? user.disabled
              ? 'user.disable'
              : 'user.enable'
            : 'user.update',
          targetType: 'user',
          targetId: user.id,
          details: { changes },
        });
      }
      return user;
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
      const temporaryPassword = await resetPassword(
        app.db,
        request.params.id,
        request.body.password,
        Date.now(),
      );
      await app.audit(request, {
        action: 'user.password_reset',
        targetType: 'user',
        targetId: request.params.id,
      });
      return { temporaryPassword };
    },
  );
};
