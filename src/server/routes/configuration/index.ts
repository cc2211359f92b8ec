import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { configurationSchema } from '../../../shared/schemas/configuration';
import { isValidTimeZone } from '../../../shared/time/zones';
import { changedAnalysisSettings } from '../../analysis/runs/analysed-settings';
import { queueOpenInvestigations } from '../../db/queries/analysis-runs';
import { getConfiguration, saveConfiguration } from '../../db/queries/configuration';
import { invalid } from '../../domain-error';
import { requestIdentityResolution } from '../../ingest/identity/identity-resolution';

/** The most case ids the audit entry of a save names; `requeued` says how many there were. */
const AUDITED_IDS_MAX = 100;

/**
 * The detection settings: anyone reading evidence may see them; only configuration.manage
 * changes them. Saving a change the analysis reads queues the analysis of every case that is
 * not closed, so scores do not go stale; the audit entry says what changed and how many cases
 * were queued.
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
          'The default time zone is not an IANA time zone name such as Europe/London.',
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
        // runs again rather than leaving scores computed with the old weights and lists. Closed
        // cases keep the record they were closed with; a save that changes nothing a run reads
        // queues nothing.
        const changed = changedAnalysisSettings(before, next);
        const requeued = changed.length ? await queueOpenInvestigations(trx, now) : [];
        const mapping = (c: typeof next) => JSON.stringify([c.companyDomains, c.netbiosDomains]);
        return {
          result: mapping(before) !== mapping(next),
          entry: {
            action: 'configuration.update',
            targetType: 'configuration',
            targetId: '1',
            details: {
              before,
              after: next,
              changed,
              requeued: requeued.length,
              requeuedIds: requeued.slice(0, AUDITED_IDS_MAX),
            },
          },
        };
      });
      // Accounts of other domains or NetBIOS names may now name people: map their events again.
      if (mappingChanged) requestIdentityResolution(app.database);
      return next;
    },
  );
};
