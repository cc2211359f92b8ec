import type { FastifyPluginAsync } from 'fastify';

import {
  appAccessDailyChartSchema,
  appAccessesQuerySchema,
  appAccessesReplySchema,
  appAccessReplySchema,
  appAccessStatsSchema,
} from '../../../shared/schemas/findings/app-access';
import { windowQuerySchema } from '../../../shared/schemas/findings/common';
import {
  appAccessPending,
  detectAppAccess,
  detectAppAccessDailyChart,
  detectAppAccessStats,
} from '../../analysis/findings/app-access.detector';
import { listAppAccesses } from '../../analysis/findings/app-accesses';
import { defineFinding } from './define-finding';

const base = '/investigations/:id/findings/app-access';

/** App access: per app, stats, the daily chart and the accesses themselves (pending while analysed). */
export const appAccessRoutes: FastifyPluginAsync = async (app) => {
  defineFinding(app, {
    path: base,
    page: 'app-access',
    summary: 'Applications the subject signed in to',
    query: windowQuerySchema,
    reply: appAccessReplySchema,
    run: detectAppAccess,
  });
  defineFinding(app, {
    path: `${base}/stats`,
    page: 'app-access',
    summary: 'App access figures',
    query: windowQuerySchema,
    reply: appAccessStatsSchema,
    run: detectAppAccessStats,
  });
  defineFinding(app, {
    path: `${base}/daily-chart`,
    page: 'app-access',
    summary: 'App accesses per day',
    query: windowQuerySchema,
    reply: appAccessDailyChartSchema,
    run: detectAppAccessDailyChart,
  });
  defineFinding(app, {
    path: `${base}/accesses`,
    page: 'app-access',
    summary: 'App accesses, newest first (cursor paging)',
    query: appAccessesQuerySchema,
    reply: appAccessesReplySchema,
    run: async (ctx, query) =>
      appAccessPending(ctx)
        ? { pending: true, rows: [], nextCursor: null }
        : { pending: false, ...(await listAppAccesses(ctx, query)) },
  });
};
