import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { bulkAlertsRoute } from './bulk';
import { escalateAlertRoute } from './escalate';
import { getAlertRoute } from './get';
import { listAlertsRoute } from './list';
import { alertsSummaryRoute } from './summary';
import { updateAlertRoute } from './update';

/**
 * Alerts about anyone in the organization: only people who may see every case (and its
 * evidence) see them, since an alert exists before any case does.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('investigations.read_all'));
  app.addHook('preHandler', app.requirePermission('evidence.read'));
  await app.register(alertsSummaryRoute);
  await app.register(listAlertsRoute);
  await app.register(bulkAlertsRoute);
  await app.register(getAlertRoute);
  await app.register(updateAlertRoute);
  await app.register(escalateAlertRoute);
};
