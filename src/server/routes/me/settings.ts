import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { validateLayer } from '../../../shared/keymap/validate';
import { errorReplySchema } from '../../../shared/schemas/common';
import { userSettingsSchema } from '../../../shared/schemas/settings';
import { findUserSettings, saveUserSettings } from '../../db/queries/user-settings';
import { invalid } from '../../domain-error';

/** GET and PUT /me/settings: the caller's own keyboard settings. */
export const mySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/settings',
    { schema: { response: { 200: userSettingsSchema } } },
    async (request) => {
      const stored = await findUserSettings(app.db, request.viewer!.userId);
      // Settings saved by an older version may lack newer fields: defaults fill them in.
      const parsed = userSettingsSchema.safeParse(stored ?? {});
      return parsed.success ? parsed.data : userSettingsSchema.parse({});
    },
  );

  app.put(
    '/me/settings',
    {
      schema: {
        body: userSettingsSchema,
        response: { 200: userSettingsSchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const problems = validateLayer({ name: 'your rules', bindings: request.body.keymap.rules });
      if (problems.length > 0) {
        throw invalid(
          `Your keyboard rules have ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}: ${problems
            .slice(0, 5)
            .map((p) => p.message)
            .join(' ')}`,
        );
      }
      const { userId } = request.viewer!;
      await app.audited(request, async (trx) => {
        await saveUserSettings(trx, userId, request.body, Date.now());
        return {
          result: null,
          entry: {
            action: 'settings.update',
            targetType: 'user',
            targetId: userId,
            details: {
              rules: request.body.keymap.rules.length,
              profile: request.body.keymap.profile,
            },
          },
        };
      });
      return request.body;
    },
  );
};
