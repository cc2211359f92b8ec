import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { channelRoutes } from './channels';
import { deliveryRoutes } from './deliveries';
import { notificationRuleRoutes } from './rules';

/** /notifications/…: channels, rules and the delivery log, for notifications.manage only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePermission('notifications.manage'));
  await app.register(channelRoutes);
  await app.register(notificationRuleRoutes);
  await app.register(deliveryRoutes);
};
