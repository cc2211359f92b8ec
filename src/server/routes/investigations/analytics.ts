import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { investigationTypes, riskLevels } from '../../../shared/investigation-model';
import {
  countReplySchema,
  riskDistributionReplySchema,
  todayCountQuerySchema,
  trendQuerySchema,
  trendReplySchema,
  typeDistributionReplySchema,
} from '../../../shared/schemas/analytics';
import {
  dayIndexToDate,
  isValidTimeZone,
  startOfLocalDay,
  zoneOffsetMs,
} from '../../../shared/time/zones';
import {
  countBy,
  countInvestigations,
  countPerDay,
} from '../../db/queries/investigation-analytics';
import { invalid } from '../../domain-error';
import { visibilityOf } from '../../case/visibility';

const DAY_MS = 86_400_000;
const noQuery = z.strictObject({});

function checkZone(tz: string): string {
  if (!isValidTimeZone(tz))
    throw invalid('That is not a time zone: use an IANA name such as Europe/London.');
  return tz;
}

/** The dashboard figures, each computed in SQL over the investigations the caller may see. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/investigations/analytics';
  const guard = app.requirePermission('investigations.read');
  const count = { querystring: noQuery, response: { 200: countReplySchema } };

  app.get(`${base}/count`, { preHandler: guard, schema: count }, async (request) => ({
    count: await countInvestigations(app.db, visibilityOf(request.viewer!)),
  }));

  app.get(`${base}/active-count`, { preHandler: guard, schema: count }, async (request) => ({
    count: await countInvestigations(app.db, visibilityOf(request.viewer!), { activeOnly: true }),
  }));

  app.get(`${base}/high-risk-count`, { preHandler: guard, schema: count }, async (request) => ({
    count: await countInvestigations(app.db, visibilityOf(request.viewer!), {
      activeOnly: true,
      riskLevels: ['high', 'critical'],
    }),
  }));

  app.get(
    `${base}/today-count`,
    {
      preHandler: guard,
      schema: { querystring: todayCountQuerySchema, response: { 200: countReplySchema } },
    },
    async (request) => ({
      count: await countInvestigations(app.db, visibilityOf(request.viewer!), {
        createdFrom: startOfLocalDay(checkZone(request.query.tz), Date.now()),
      }),
    }),
  );

  app.get(
    `${base}/risk-distribution`,
    {
      preHandler: guard,
      schema: { querystring: noQuery, response: { 200: riskDistributionReplySchema } },
    },
    async (request) => {
      const counts = await countBy(app.db, visibilityOf(request.viewer!), 'risk_level');
      return { buckets: riskLevels.map((level) => ({ level, count: counts.get(level) ?? 0 })) };
    },
  );

  app.get(
    `${base}/type-distribution`,
    {
      preHandler: guard,
      schema: { querystring: noQuery, response: { 200: typeDistributionReplySchema } },
    },
    async (request) => {
      const counts = await countBy(app.db, visibilityOf(request.viewer!), 'type');
      return {
        buckets: investigationTypes.map((type) => ({ type, count: counts.get(type) ?? 0 })),
      };
    },
  );

  app.get(
    `${base}/trend`,
    {
      preHandler: guard,
      schema: { querystring: trendQuerySchema, response: { 200: trendReplySchema } },
    },
    async (request) => {
      const { days, tz } = request.query;
      const now = Date.now();
      const offset = zoneOffsetMs(checkZone(tz), now);
      const today = Math.floor((now + offset) / DAY_MS);
      const firstDay = today - days + 1;
      const from = firstDay * DAY_MS - offset;
      const visibility = visibilityOf(request.viewer!);
      const [opened, closed] = await Promise.all([
        countPerDay(app.db, visibility, 'created_at', from, offset),
        countPerDay(app.db, visibility, 'closed_at', from, offset),
      ]);
      const points = [];
      for (let day = firstDay; day <= today; day++) {
        points.push({
          date: dayIndexToDate(day),
          opened: opened.get(day) ?? 0,
          closed: closed.get(day) ?? 0,
        });
      }
      return { points };
    },
  );
};
