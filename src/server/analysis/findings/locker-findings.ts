import type { AnomalyCountsReply } from '../../../shared/schemas/findings/summary';
import { UNLABELED } from '../../../shared/schemas/findings/file-access';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { readRollupState } from '../../db/queries/findings/rollups';
import { detectAccessRequests } from './access-requests.detector';
import { appAccessPending, appAccessRows } from './app-access.detector';
import { detectCodeRepos } from './code-repos.detector';
import { detectCompetitorMentions } from './competitor-mentions.detector';
import { detectDeletions } from './deletions.detector';
import { detectDevices } from './devices.detector';
import { detectExternalEmails } from './external-emails.detector';
import { detectFileAccess } from './file-access.detector';
import type { FindingContext } from './finding-context';
import { detectLocalApps } from './local-apps.detector';
import { detectPowershell } from './powershell.detector';
import { detectSecurityHygiene } from './security-hygiene.detector';
import { detectWorkingHours } from './working-hours.detector';

const MEMO_MS = 60_000;
const MEMO_SIZE = 50;
const memo = new Map<string, { at: number; value: Promise<Findings> }>();

/**
 * Every finding the locker's index needs. The summary, the anomaly counts and the remediation
 * are asked for together and change only when the subject's events (the rollup state), the
 * configuration, the subject or the window change, so the result is kept for a minute under a
 * key made of exactly those.
 */
export async function findings(ctx: FindingContext): Promise<Findings> {
  const state = await readRollupState(ctx.db, ctx.subject.id);
  const key = JSON.stringify([
    ctx.investigation.id,
    ctx.window,
    state,
    ctx.config,
    ctx.subject.updated_at,
    appAccessPending(ctx),
  ]);
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && now - hit.at < MEMO_MS) return hit.value;
  const value = compute(ctx);
  memo.set(key, { at: now, value });
  value.catch(() => memo.delete(key));
  if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value!);
  return value;
}

async function compute(ctx: FindingContext) {
  // better-sqlite3 runs one statement at a time, so these run one after the other there.
  const hygiene = await detectSecurityHygiene(ctx);
  const hours = await detectWorkingHours(ctx);
  const repos = await detectCodeRepos(ctx);
  const deletions = await detectDeletions(ctx);
  const files = await detectFileAccess(ctx);
  const mail = await detectExternalEmails(ctx);
  const mentions = await detectCompetitorMentions(ctx);
  const requests = await detectAccessRequests(ctx);
  const apps = await detectLocalApps(ctx);
  const devices = await detectDevices(ctx);
  const powershell = await detectPowershell(ctx);
  const sso = appAccessPending(ctx) ? [] : await appAccessRows(ctx);
  const activity = (await dailyGroups(ctx.db, ctx.build, ctx.window, [], {}))[0];
  const activeDays = (await dailyGroups(ctx.db, ctx.build, ctx.window, ['day'], {})).length;
  return {
    hygiene,
    hours,
    repos,
    deletions,
    files,
    mail,
    mentions,
    requests,
    apps,
    devices,
    powershell,
    sso,
    activity,
    activeDays,
  };
}

/** Everything the locker index is made of. */
export type Findings = Awaited<ReturnType<typeof compute>>;

/**
 * Sensitive file movements out of company storage: all of them (what the file-access page and
 * its sankey count), and those to risky places (removable media, personal mail and cloud,
 * public links, external shares), which is what makes them alarming.
 */
export function sensitiveLeaving(f: Findings): { all: number; risky: number } {
  const sensitive = f.files.byLabel.filter((l) => f.files.sensitiveLabels.includes(l.label));
  return {
    all: sensitive.reduce((s, l) => s + l.leaving, 0),
    risky: sensitive.reduce((s, l) => s + l.leavingRisky, 0),
  };
}

/** Labelled files (anything but Public) that left company storage for a risky place. */
function labelledLeaving(f: Findings): number {
  return f.files.byLabel
    .filter((l) => l.label !== 'Public' && l.label !== UNLABELED)
    .reduce((s, l) => s + l.leavingRisky, 0);
}

/** Anomalies per evidence page. */
export function counts(f: Findings): Record<string, number> {
  return {
    'working-hours': f.hours.anomalousDays.length,
    'security-hygiene': f.hygiene.items.filter((i) => i.severity !== 'none' && i.severity !== 'low')
      .length,
    'powershell-commands': f.powershell.summary.suspicious,
    'local-apps': f.apps.apps.filter((a) => a.risky).length,
    'file-access': labelledLeaving(f) + f.devices.removableMedia.writes,
    devices: f.devices.devices.filter((d) => d.flagged).length,
    deletions: f.deletions.bursts.length,
    'communications-analysis': f.mentions.mentions.length + f.mail.summary.personal,
    'code-repos': f.repos.bulkClones.length,
    'app-access': f.sso.filter((a) => a.flagged).length,
    'access-requests': f.requests.summary.flagged,
  };
}

/** GET /investigations/{id}/evidence/anomaly-counts. */
export async function detectAnomalyCounts(ctx: FindingContext): Promise<AnomalyCountsReply> {
  const c = counts(await findings(ctx));
  return { window: ctx.window, counts: c, total: Object.values(c).reduce((a, b) => a + b, 0) };
}
