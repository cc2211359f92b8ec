import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { caseActivityRoute } from './activity';
import { analyticsRoutes } from './analytics';
import { bulkInvestigationsRoute } from './bulk';
import { checklistRoutes } from './checklist';
import { createInvestigationRoute } from './create';
import { getInvestigationRoute } from './get';
import { legalHoldRoutes } from './legal-hold';
import { listInvestigationsRoute } from './list';
import { caseNoteRoutes } from './notes';
import { updateInvestigationRoute } from './update';

/** /investigations and its dashboard figures. */
export const investigationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listInvestigationsRoute);
  await app.register(analyticsRoutes);
  await app.register(getInvestigationRoute);
  await app.register(createInvestigationRoute);
  await app.register(updateInvestigationRoute);
  await app.register(bulkInvestigationsRoute);
  await app.register(caseNoteRoutes);
  await app.register(caseActivityRoute);
  await app.register(checklistRoutes);
  await app.register(legalHoldRoutes);
};
