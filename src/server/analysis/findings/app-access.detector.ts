import type {
  AppAccessDailyChart,
  AppAccessReply,
  AppAccessRow,
  AppAccessStats,
} from '../../../shared/schemas/findings/app-access';
import { departmentPeers } from '../../db/queries/findings/access-requests';
import { dailyGroups, firstSeenBy } from '../../db/queries/findings/daily-groups';
import { firstActivityBefore } from '../../db/queries/findings/first-activity';
import { appUsersAmong } from '../../db/queries/findings/peer-apps';
import { isAnalysisPending } from '../runs/analysis-state';
import { dayKey, share, windowDays } from './day-keys';
import { listAppAccesses } from './app-accesses';
import { defineDetector } from './define-detector';
import type { FindingContext } from './finding-context';
import { appAccessDailyChartParts, appAccessParts } from './app-access.report';
import { peerSpan } from './peer-span';

const DAY_MS = 86_400_000;
/** Apps first used this long after the subject's first event count as new even without older data. */
const BASELINE_MS = 14 * DAY_MS;
/** Series drawn in the daily chart; the rest are summed as Other. */
const CHART_SERIES = 8;

/** Whether app-access replies must say `pending: true` (and carry no data). */
export function appAccessPending(ctx: Pick<FindingContext, 'investigation'>): boolean {
  return isAnalysisPending(ctx.investigation.analysis.state);
}

/**
 * Per app: accesses, failures, days, first and last use, whether it is new, off-hours share.
 * A new app is flagged only when no one else in the subject's department uses it: people
 * pick up their team's tools at any time, and a sparse history makes many of those look new.
 */
async function appAccessRows(ctx: FindingContext): Promise<AppAccessRow[]> {
  const filter = { categories: ['app'] };
  const [inWindow, failures, firstEver, firstEvent, peers] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['app'], filter),
    dailyGroups(ctx.db, ctx.build, ctx.window, ['app', 'outcome'], filter),
    firstSeenBy(ctx.db, ctx.build, { start: 0, end: ctx.window.end }, 'app', filter),
    firstActivityBefore(ctx.db, ctx.build, ctx.window.end),
    departmentPeers(ctx.db, ctx.subject.id, ctx.subject.department),
  ]);
  const firstActivity = firstEvent ?? ctx.window.start;
  const baselineEnd = Math.max(ctx.window.start, firstActivity + BASELINE_MS);
  const isNew = (app: string, firstInWindow: number) =>
    (firstEver.get(app) ?? firstInWindow) >= baselineEnd;
  const newApps = inWindow.filter((g) => g.app && isNew(g.app, g.firstTime)).map((g) => g.app!);
  const peerUsers = await appUsersAmong(
    ctx.db,
    peers,
    newApps,
    peerSpan(ctx.window, firstActivity),
  );
  const failed = new Map(
    failures.filter((g) => g.outcome === 'failure').map((g) => [g.app ?? '', g.n]),
  );
  return inWindow
    .filter((g) => g.app)
    .map((g) => {
      const app = g.app ?? '';
      const newInWindow = isNew(app, g.firstTime);
      const offHoursShare = share(g.offHours, g.n);
      const failuresHere = failed.get(app) ?? 0;
      const reasons: string[] = [];
      const newFlagged = newInWindow && !peerUsers.get(app);
      if (newFlagged)
        reasons.push(
          peers.length
            ? `first used during the investigation window, and no one else in ${ctx.subject.department} uses it`
            : 'first used during the investigation window',
        );
      if (offHoursShare >= 0.5 && g.n >= 5)
        reasons.push(`${Math.round(offHoursShare * 100)}% of uses outside working hours`);
      if (failuresHere >= 5) reasons.push(`${failuresHere} failed sign-ins`);
      return {
        app,
        accesses: g.n,
        failures: failuresHere,
        distinctDays: g.days,
        firstSeen: g.firstTime,
        lastSeen: g.lastTime,
        newInWindow,
        newFlagged,
        offHoursShare,
        flagged: reasons.length > 0,
        reasons,
      };
    })
    .sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.accesses - a.accesses);
}

/** GET findings/app-access. */
async function detectAppAccess(ctx: FindingContext): Promise<AppAccessReply> {
  if (appAccessPending(ctx)) return { pending: true, window: ctx.window, apps: [] };
  return { pending: false, window: ctx.window, apps: await appAccessRows(ctx) };
}

/** GET findings/app-access/stats. */
async function detectAppAccessStats(ctx: FindingContext): Promise<AppAccessStats> {
  const empty = {
    window: ctx.window,
    accesses: 0,
    apps: 0,
    newApps: 0,
    failures: 0,
    offHoursShare: 0,
    offHoursEvents: 0,
    workingHours: { startHour: ctx.hours.startHour, endHour: ctx.hours.endHour },
    busiestDay: null,
  };
  if (appAccessPending(ctx)) return { pending: true, ...empty };
  const [rows, days] = await Promise.all([
    appAccessRows(ctx),
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day'], { categories: ['app'] }),
  ]);
  const accesses = rows.reduce((sum, r) => sum + r.accesses, 0);
  const offHours = rows.reduce((sum, r) => sum + r.offHoursShare * r.accesses, 0);
  const busiest = days.reduce<(typeof days)[number] | null>(
    (best, d) => (!best || d.n > best.n ? d : best),
    null,
  );
  return {
    pending: false,
    ...empty,
    accesses,
    apps: rows.length,
    // The apps the table flags as new: an app others in the department use is not counted.
    newApps: rows.filter((r) => r.newFlagged).length,
    failures: rows.reduce((sum, r) => sum + r.failures, 0),
    offHoursShare: share(offHours, accesses),
    offHoursEvents: days.reduce((sum, d) => sum + d.offHours, 0),
    busiestDay: busiest ? { date: dayKey(busiest.day ?? 0), accesses: busiest.n } : null,
  };
}

/** GET findings/app-access/daily-chart. */
async function detectAppAccessDailyChart(ctx: FindingContext): Promise<AppAccessDailyChart> {
  if (appAccessPending(ctx)) return { pending: true, window: ctx.window, days: [], series: [] };
  const groups = await dailyGroups(ctx.db, ctx.build, ctx.window, ['day', 'app'], {
    categories: ['app'],
  });
  const totals = new Map<string, number>();
  for (const g of groups) totals.set(g.app ?? '', (totals.get(g.app ?? '') ?? 0) + g.n);
  const top = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, CHART_SERIES)
    .map(([app]) => app);
  const days = windowDays(ctx.window);
  const index = new Map(days.map((day, i) => [day, i]));
  const series = new Map<string, number[]>();
  for (const g of groups) {
    const name = top.includes(g.app ?? '') ? (g.app ?? '') : 'Other';
    const counts =
      series.get(name) ??
      series
        .set(
          name,
          days.map(() => 0),
        )
        .get(name)!;
    const i = index.get(g.day ?? -1);
    if (i !== undefined) counts[i] = (counts[i] ?? 0) + g.n;
  }
  const order = [...top, 'Other'].filter((name) => series.has(name));
  return {
    pending: false,
    window: ctx.window,
    days: days.map(dayKey),
    series: order.map((app) => ({ app, counts: series.get(app) ?? [] })),
  };
}

/** Per app; the flagged apps are the page's anomalies. */
export const appAccessDetector = defineDetector('appAccess', detectAppAccess, {
  ...appAccessParts,
  anomalies: ({ appAccess }) => appAccess.apps.filter((a) => a.flagged).length,
});

/** App access figures. */
export const appAccessStatsDetector = defineDetector('appAccessStats', detectAppAccessStats);

/** App accesses per day. */
export const appAccessDailyChartDetector = defineDetector(
  'appAccessDailyChart',
  detectAppAccessDailyChart,
  appAccessDailyChartParts,
);

/** The accesses themselves, a page at a time (none while the analysis runs). */
export const appAccessesDetector = defineDetector('appAccesses', async (ctx, query) =>
  appAccessPending(ctx)
    ? { pending: true, rows: [], nextCursor: null }
    : { pending: false, ...(await listAppAccesses(ctx, query)) },
);
