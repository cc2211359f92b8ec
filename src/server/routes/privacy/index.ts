import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { caseRevealRoutes } from './case-reveals';
import { revealDecisionRoutes } from './reveal-decisions';
import { privacySettingsRoutes } from './settings';

/** Privacy settings and identity reveals (issue 17). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(privacySettingsRoutes);
  await app.register(caseRevealRoutes);
  await app.register(revealDecisionRoutes);
};
