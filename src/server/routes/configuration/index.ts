import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { configurationSchema } from '../../../shared/schemas/configuration';
import { isValidTimeZone } from '../../../shared/time/zones';
import { getConfiguration, saveConfiguration } from '../../db/queries/configuration';
import { invalid } from '../../domain-error';

/** The detection settings: anyone reading evidence may see them; only configuration.manage changes them. */
export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configuration',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        tags: ['configuration'],
        querystring: z.strictObject({}),
        response: { 200: configurationSchema },
      },
    },
    async () => getConfiguration(app.db),
  );
  app.put(
    '/configuration',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['configuration'],
        body: configurationSchema,
        response: { 200: configurationSchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const next = request.body;
      if (!isValidTimeZone(next.defaultTimezone)) {
        throw invalid(
          `"${next.defaultTimezone}" is not a time zone: use an IANA name such as Europe/London.`,
        );
      }
      if (next.defaultWorkEndHour <= next.defaultWorkStartHour) {
        throw invalid('The default working day must end after it starts.');
      }
      const unknown = next.sensitiveLabels.filter(
        (label) => !next.sensitivityLabels.includes(label),
      );
      if (unknown.length)
        throw invalid(
          `Sensitive labels must come from the sensitivity labels; unknown: ${unknown.join(', ')}.`,
        );
      await app.audited(request, async (trx) => {
        const before = await getConfiguration(trx);
        await saveConfiguration(trx, next, request.viewer!.userId, Date.now());
        return {
          result: null,
          entry: {
            action: 'configuration.update',
            targetType: 'configuration',
            targetId: '1',
            details: { before, after: next },
          },
        };
      });
      return next;
    },
  );
};
