import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { userRefSchema } from '../../../shared/schemas/common';
import { listActiveUsers } from '../../db/queries/users';

/** GET /users: active users as references, for assignee and member pickers. */
export const userDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: { response: { 200: z.object({ users: z.array(userRefSchema) }) } },
    },
    async () => ({
      users: (await listActiveUsers(app.db)).map((row) => ({
        id: row.id,
        email: row.email,
        displayName: row.display_name,
      })),
    }),
  );
};
