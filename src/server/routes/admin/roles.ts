import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createRoleBodySchema,
  listRolesReplySchema,
  roleSchema,
  updateRoleBodySchema,
} from '../../../shared/schemas/admin';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { changeRole, createRole, listAdminRoles, removeRole } from '../../admin/manage-roles';

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
      const role = await createRole(app.db, request.body, Date.now());
      await app.audit(request, {
        action: 'role.create',
        targetType: 'role',
        targetId: role.id,
        details: { name: role.name, permissions: role.permissions },
      });
      return reply.code(201).send(role);
    },
  );

  app.patch(
    '/admin/roles/:id',
    { schema: { params, body: updateRoleBodySchema, response: { 200: roleSchema, ...errors } } },
    async (request) => {
      const { role, changes } = await changeRole(
        app.db,
        request.params.id,
        request.body,
        Date.now(),
      );
      if (Object.keys(changes).length > 0) {
        await app.audit(request, {
          action: 'role.update',
          targetType: 'role',
          targetId: role.id,
          details: { changes },
        });
      }
      return role;
    },
  );

  app.delete(
    '/admin/roles/:id',
    { schema: { params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const role = await removeRole(app.db, request.params.id);
      await app.audit(request, {
        action: 'role.delete',
        targetType: 'role',
        targetId: role.id,
        details: { name: role.name },
      });
      return reply.code(204).send(null);
    },
  );
};
