import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { myNotificationsSchema } from '../../../shared/schemas/notifications';
import { getUserNotifications, setUserNotifications } from '../../db/queries/user-notifications';

/** GET and PUT /me/notifications: what the caller asked to be told by email themselves. */
export const myNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/notifications',
    { schema: { tags: ['notifications'], response: { 200: myNotificationsSchema } } },
    async (request) => getUserNotifications(app.db, request.viewer!.userId),
  );

  app.put(
    '/me/notifications',
    {
      schema: {
        tags: ['notifications'],
        body: myNotificationsSchema,
        response: { 200: myNotificationsSchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const { userId } = request.viewer!;
      await app.audited(request, async (trx) => {
        await setUserNotifications(trx, userId, request.body, Date.now());
        return {
          result: null,
          entry: {
            action: 'notification.personal.update',
            targetType: 'user',
            targetId: userId,
            details: { ...request.body },
          },
        };
      });
      return getUserNotifications(app.db, userId);
    },
  );
};
