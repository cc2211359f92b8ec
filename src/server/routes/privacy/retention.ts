import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { retentionSchema } from '../../../shared/schemas/privacy';
import { retentionReplySchema, retentionRunSchema } from '../../../shared/schemas/retention';
import { getPrivacySettings, holdPrivacySettings } from '../../db/queries/privacy-settings';
import { listProtectedCases, saveRetention } from '../../db/queries/retention';
import { lastRetentionRun } from '../../db/queries/retention-audit';
import { conflict, invalid } from '../../domain-error';
import { runRetention } from '../../privacy/retention/run-retention';
import { eventsPeriodConflict } from '../../privacy/retention/window-conflict';

/**
 * GET|PUT /privacy/retention: how long events, closed cases and the audit log are kept, with
 * what the last run removed; POST /privacy/retention/run runs retention now and answers its
 * summary. All three need configuration.manage. An events period that would cut into the
 * window of an open case or a case on legal hold is refused with a sentence naming the case.
 */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/retention',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['privacy'],
        querystring: z.strictObject({}),
        response: { 200: retentionReplySchema, 403: errorReplySchema },
      },
    },
    async () => {
      const [settings, lastRun] = await Promise.all([
        getPrivacySettings(app.db),
        lastRetentionRun(app.db),
      ]);
      return { ...settings.retention, lastRun };
    },
  );

  app.put(
    '/privacy/retention',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['privacy'],
        body: retentionSchema,
        response: { 200: retentionReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const next = request.body;
      await app.audited(request, async (trx) => {
        const now = Date.now();
        await holdPrivacySettings(trx, now);
        const refusal = eventsPeriodConflict(await listProtectedCases(trx), next.eventsDays, now);
        if (refusal) throw invalid(refusal, 'eventsDays');
        const before = (await getPrivacySettings(trx)).retention;
        await saveRetention(trx, app.database.dialect, next, request.viewer!.userId, now);
        return {
          result: null,
          entry: {
            action: 'retention.update',
            targetType: 'retention',
            targetId: 'settings',
            details: { before, after: next },
          },
        };
      });
      return { ...next, lastRun: await lastRetentionRun(app.db) };
    },
  );

  app.post(
    '/privacy/retention/run',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['privacy'],
        body: z.strictObject({}).optional(),
        response: { 200: retentionRunSchema, 403: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const summary = await runRetention(app.database, {
        actor: {
          userId: viewer.userId,
          email: viewer.email,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        },
      });
      if (!summary)
        throw conflict('A retention run is under way already: its summary appears when it ends.');
      return summary;
    },
  );
};
