import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { analyticsRoutes } from './analytics';
import { createInvestigationRoute } from './create';
import { getInvestigationRoute } from './get';
import { listInvestigationsRoute } from './list';
import { updateInvestigationRoute } from './update';

/** /investigations and its dashboard figures. */
export const investigationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listInvestigationsRoute);
  await app.register(analyticsRoutes);
  await app.register(getInvestigationRoute);
  await app.register(createInvestigationRoute);
  await app.register(updateInvestigationRoute);
};
