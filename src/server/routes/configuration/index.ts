import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { configurationSchema } from '../../../shared/schemas/configuration';
import { isValidTimeZone } from '../../../shared/time/zones';
import { queueOpenInvestigations } from '../../db/queries/analysis-runs';
import { getConfiguration, saveConfiguration } from '../../db/queries/configuration';
import { invalid } from '../../domain-error';
import { requestIdentityResolution } from '../../ingest/identity/identity-resolution';

/**
 * The detection settings: anyone reading evidence may see them; only configuration.manage
 * changes them. Saving queues the analysis of every open case, so scores do not go stale.
 */
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
          'defaultTimezone',
        );
      }
      if (next.defaultWorkEndHour <= next.defaultWorkStartHour) {
        throw invalid('The default working day must end after it starts.', 'defaultWorkEndHour');
      }
      const unknown = next.sensitiveLabels.filter(
        (label) => !next.sensitivityLabels.includes(label),
      );
      if (unknown.length)
        throw invalid(
          `Sensitive labels must come from the sensitivity labels; unknown: ${unknown.join(', ')}.`,
          'sensitiveLabels',
        );
      const mappingChanged = await app.audited(request, async (trx) => {
        const now = Date.now();
        const before = await getConfiguration(trx);
        await saveConfiguration(trx, next, request.viewer!.userId, now);
        // Findings, incidents and scores of open cases follow the new settings: their analysis
        // runs again rather than leaving scores computed with the old weights and lists.
        const requeued = await queueOpenInvestigations(trx, now);
        const mapping = (c: typeof next) => JSON.stringify([c.companyDomains, c.netbiosDomains]);
        return {
          result: mapping(before) !== mapping(next),
          entry: {
            action: 'configuration.update',
            targetType: 'configuration',
            targetId: '1',
            details: { before, after: next, requeued },
          },
        };
      });
      // Accounts of other domains or NetBIOS names may now name people: map their events again.
      if (mappingChanged) requestIdentityResolution(app.database);
      return next;
    },
  );
};
