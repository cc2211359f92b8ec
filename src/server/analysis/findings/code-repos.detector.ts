import type { CodeReposReply, RepoRow } from '../../../shared/schemas/findings/code-repos';
import { dailyGroups, distinctPerDay, firstSeenBy } from '../../db/queries/findings/daily-groups';
import { firstActivityBefore } from '../../db/queries/findings/first-activity';
import { defineDetector, severityAt } from './define-detector';
import { dayKey } from './day-keys';
import type { FindingContext } from './finding-context';
import { codeReposParts } from './code-repos.report';

const DAY_MS = 86_400_000;
const BASELINE_MS = 14 * DAY_MS;
/** Distinct repositories cloned or downloaded in one day that make a bulk clone. */
const BULK_REPOSITORIES = 10;

const COLUMN: Record<string, keyof Pick<RepoRow, 'clones' | 'downloads' | 'pushes' | 'fetches'>> = {
  repo_clone: 'clones',
  repo_download: 'downloads',
  repo_push: 'pushes',
  repo_fetch: 'fetches',
};

/**
 * GET findings/code-repos: repositories touched, volume by day, new ones, bulk clones. Each
 * part is its own aggregate (per repository, per day, distinct repositories cloned per day):
 * a million events make tens of thousands of (day, repository, activity) rollup rows, too many
 * to hand to JavaScript on every request.
 */
async function detectCodeRepos(ctx: FindingContext): Promise<CodeReposReply> {
  const filter = { categories: ['repo'] };
  const [perRepo, perRepoActivity, perDayActivity, firstEver, firstEvent] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['item'], filter),
    dailyGroups(ctx.db, ctx.build, ctx.window, ['item', 'activity'], filter),
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day', 'activity'], filter),
    firstSeenBy(ctx.db, ctx.build, { start: 0, end: ctx.window.end }, 'item', filter),
    firstActivityBefore(ctx.db, ctx.build, ctx.window.end),
  ]);
  const baselineEnd = Math.max(ctx.window.start, (firstEvent ?? ctx.window.start) + BASELINE_MS);
  const isNew = (repo: string) => (firstEver.get(repo) ?? 0) >= baselineEnd;
  const cloned = await distinctPerDay(
    ctx.db,
    ctx.build,
    ctx.window,
    'item',
    { ...filter, activities: ['repo_clone', 'repo_download'] },
    [...firstEver.keys()].filter(isNew),
  );

  const repos = new Map<string, RepoRow>();
  for (const g of perRepo) {
    const repository = g.item ?? '';
    if (!repository) continue;
    repos.set(repository, {
      repository,
      clones: 0,
      downloads: 0,
      pushes: 0,
      fetches: 0,
      other: 0,
      distinctDays: g.days,
      firstSeen: g.firstTime,
      lastSeen: g.lastTime,
      newToSubject: isNew(repository),
    });
  }
  for (const g of perRepoActivity) {
    const row = repos.get(g.item ?? '');
    if (!row) continue;
    const column = COLUMN[g.activity ?? ''];
    if (column) row[column] += g.n;
    else row.other += g.n;
  }
  const clonedOn = new Map(cloned.map((c) => [c.day, c]));
  const days = new Map<number, CodeReposReply['daily'][number]>();
  for (const g of perDayActivity) {
    const day = g.day ?? 0;
    const d = days.get(day) ?? {
      date: dayKey(day),
      clones: 0,
      downloads: 0,
      pushes: 0,
      fetches: 0,
      repositoriesCloned: clonedOn.get(day)?.distinct ?? 0,
    };
    const column = COLUMN[g.activity ?? ''];
    if (column) d[column] += g.n;
    days.set(day, d);
  }
  const daily = [...days.entries()].sort((a, b) => a[0] - b[0]).map(([, d]) => d);
  const rows = [...repos.values()].sort(
    (a, b) =>
      b.clones + b.downloads - (a.clones + a.downloads) ||
      b.lastSeen - a.lastSeen ||
      a.repository.localeCompare(b.repository),
  );
  return {
    window: ctx.window,
    summary: {
      repositories: rows.length,
      newRepositories: rows.filter((r) => r.newToSubject).length,
      clones: rows.reduce((s, r) => s + r.clones, 0),
      downloads: rows.reduce((s, r) => s + r.downloads, 0),
    },
    repositories: rows,
    daily,
    bulkClones: cloned
      .filter((c) => c.distinct >= BULK_REPOSITORIES)
      .sort((a, b) => a.day - b.day)
      .map((c) => ({ date: dayKey(c.day), repositories: c.distinct, newRepositories: c.among })),
  };
}

/** Code repositories: the days of bulk cloning. */
export const codeReposDetector = defineDetector('codeRepos', detectCodeRepos, {
  ...codeReposParts,
  figures: ({ codeRepos }) => ({
    'bulk-clones': {
      value: codeRepos.bulkClones.length,
      severity: severityAt(codeRepos.bulkClones.length, 1),
    },
  }),
  anomalies: ({ codeRepos }) => codeRepos.bulkClones.length,
});
