import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import { retentionUpdateSchema } from '../../../shared/schemas/privacy';
import {
  retentionPreviewSchema,
  retentionReplySchema,
  retentionRunSchema,
} from '../../../shared/schemas/retention';
import { getPrivacySettings, holdPrivacySettings } from '../../db/queries/privacy-settings';
import { countQuarantinedBefore } from '../../db/queries/quarantine';
import {
  countExpiredCases,
  countRemovableEvents,
  listProtectedCases,
  saveRetention,
} from '../../db/queries/retention';
import { countRemovableAudit, lastRetentionRun } from '../../db/queries/retention-audit';
import { conflict, invalid } from '../../domain-error';
import { cutoffsOf } from '../../privacy/retention/cutoffs';
import { RetentionInterrupted } from '../../privacy/retention/run-journal';
import { runRetention } from '../../privacy/retention/run-retention';
import { eventsPeriodConflict } from '../../privacy/retention/window-conflict';

/**
 * GET|PUT /privacy/retention: how long events, closed cases and the audit log are kept, with
 * what the last run removed; GET /privacy/retention/preview counts what a run now would remove
 * (removing nothing); POST /privacy/retention/run runs retention now and answers its summary,
 * or, stopped partway, 503 saying what it removed. All need configuration.manage. An events period that would cut into the
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
        body: retentionUpdateSchema,
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

  app.get(
    '/privacy/retention/preview',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['privacy'],
        querystring: z.strictObject({}),
        response: { 200: retentionPreviewSchema, 403: errorReplySchema },
      },
    },
    async () => {
      const periods = (await getPrivacySettings(app.db)).retention;
      const cutoffs = cutoffsOf(periods, Date.now());
      const [events, cases, auditEntries, quarantined] = await Promise.all([
        countRemovableEvents(app.db, cutoffs.events),
        countExpiredCases(app.db, cutoffs.closedCases),
        countRemovableAudit(app.db, app.database.dialect, cutoffs.audit),
        countQuarantinedBefore(app.db, cutoffs.events),
      ]);
      return { periods, cutoffs, events, cases, auditEntries, quarantined };
    },
  );

  app.post(
    '/privacy/retention/run',
    {
      preHandler: app.requirePermission('configuration.manage'),
      schema: {
        tags: ['privacy'],
        body: z.strictObject({}).optional(),
        response: {
          200: retentionRunSchema,
          403: errorReplySchema,
          409: errorReplySchema,
          503: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer!;
      const summary = await runRetention(app.database, {
        actor: {
          userId: viewer.userId,
          email: viewer.email,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        },
      }).catch((error: unknown) => {
        if (!(error instanceof RetentionInterrupted)) throw error;
        // Never "nothing was changed": say what went before the run stopped.
        request.log.error({ err: error.cause }, 'retention stopped partway');
        return error;
      });
      if (summary instanceof RetentionInterrupted)
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ error: 'Service Unavailable', message: summary.message });
      if (!summary)
        throw conflict('A retention run is under way already: its summary appears when it ends.');
      return summary;
    },
  );
};
