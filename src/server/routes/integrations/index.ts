import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { integrationCollectionRoutes } from './collection';
import { integrationCrudRoutes } from './crud';
import { quarantineRoutes } from './quarantine';
import { integrationRunsRoute } from './runs';
import { integrationSourcesRoute } from './sources';
import { unmappedAccountsRoute } from './unmapped-accounts';
import { integrationUploadRoute } from './upload';

/**
 * /integrations for people with `integrations.manage` (session scope). The token-authenticated
 * push endpoint is registered outside the session scope: see ./push.ts.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('integrations.manage'));
  await app.register(integrationSourcesRoute);
  await app.register(unmappedAccountsRoute);
  await app.register(integrationCrudRoutes);
  await app.register(integrationRunsRoute);
  await app.register(integrationUploadRoute);
  await app.register(integrationCollectionRoutes);
  await app.register(quarantineRoutes);
};

export { pushIngestRoute } from './push';
