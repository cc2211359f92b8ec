import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createRoleBodySchema,
  listRolesReplySchema,
  roleSchema,
  updateRoleBodySchema,
} from '../../../shared/schemas/admin';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { changeRole, createRole, listAdminRoles, removeRole } from '../../accounts/manage-roles';

const errors = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const params = z.object({ id: idParam });

/** /admin/roles: global roles and their permissions; built-in roles cannot be deleted. */
export const adminRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('roles.manage'));

  app.get('/admin/roles', { schema: { response: { 200: listRolesReplySchema } } }, async () => ({
    roles: await listAdminRoles(app.db),
  }));

  app.post(
    '/admin/roles',
    { schema: { body: createRoleBodySchema, response: { 201: roleSchema, ...errors } } },
    async (request, reply) => {
      const role = await app.audited(request, async (trx) => {
        const created = await createRole(trx, request.body, Date.now());
        return {
          result: created,
          entry: {
            action: 'role.create',
            targetType: 'role',
            targetId: created.id,
            details: { name: created.name, permissions: created.permissions },
          },
        };
      });
      return reply.code(201).send(role);
    },
  );

  app.patch(
    '/admin/roles/:id',
    { schema: { params, body: updateRoleBodySchema, response: { 200: roleSchema, ...errors } } },
    async (request) => {
      return app.audited(request, async (trx) => {
        const { role, changes } = await changeRole(
          trx,
          request.params.id,
          request.body,
          Date.now(),
        );
        return {
          result: role,
          entry:
            Object.keys(changes).length > 0
              ? {
                  action: 'role.update',
                  targetType: 'role',
                  targetId: role.id,
                  details: { changes },
                }
              : null,
        };
      });
    },
  );

  app.delete(
    '/admin/roles/:id',
    { schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await app.audited(request, async (trx) => {
        const role = await removeRole(trx, request.params.id);
        return {
          result: role,
          entry: {
            action: 'role.delete',
            targetType: 'role',
            targetId: role.id,
            details: { name: role.name },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );
};
