import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { incidentSeverities } from '../../../shared/incident-model';
import type { IncidentSeverity } from '../../../shared/incident-model';
import { alertsSummaryReplySchema } from '../../../shared/schemas/alerts';
import { errorReplySchema } from '../../../shared/schemas/common';
import { alertCounts } from '../../db/queries/alerts';
import { countDetectionQueue } from '../../db/queries/detection-queue';

const DAY_MS = 86_400_000;
/** The days the dashboard's chart of alerts covers. */
const DAYS = 30;

/**
 * GET /alerts/summary: open alerts by severity, alerts per day and severity (30 days), and how
 * many people still wait for detection.
 */
export const alertsSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alerts/summary',
    {
      schema: {
        tags: ['alerts'],
        querystring: z.strictObject({}),
        response: { 200: alertsSummaryReplySchema, 403: errorReplySchema },
      },
    },
    async () => {
      const since = Math.floor(Date.now() / DAY_MS - DAYS + 1) * DAY_MS;
      const [counts, detecting] = await Promise.all([
        alertCounts(app.db, since),
        countDetectionQueue(app.db),
      ]);
      const bySeverity = Object.fromEntries(incidentSeverities.map((s) => [s, 0])) as Record<
        IncidentSeverity,
        number
      >;
      for (const row of counts.open) bySeverity[row.severity as IncidentSeverity] = row.n;
      return {
        open: counts.open.reduce((sum, row) => sum + row.n, 0),
        detecting,
        bySeverity,
        perDay: counts.perDay
          .map((row) => ({
            day: new Date(row.day * DAY_MS).toISOString().slice(0, 10),
            severity: row.severity as IncidentSeverity,
            count: row.n,
          }))
          .sort((a, b) => a.day.localeCompare(b.day)),
      };
    },
  );
};
