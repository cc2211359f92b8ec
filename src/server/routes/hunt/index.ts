import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { savedHuntRoutes } from './saved';
import { huntSearchRoutes } from './search';

/**
 * Hunting across everyone (issue 28): only people who may read every case and its evidence
 * hunt, since a hunt reads events of people no case is about.
 */
export const huntRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('investigations.read_all'));
  app.addHook('preHandler', app.requirePermission('evidence.read'));
  await app.register(huntSearchRoutes);
  await app.register(savedHuntRoutes);
};
