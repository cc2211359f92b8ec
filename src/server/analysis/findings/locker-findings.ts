import { findingTopics } from '../../../shared/findings/catalogue';
import type { TopicId } from '../../../shared/findings/catalogue';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { readRollupState } from '../../db/queries/findings/rollups';
import { appAccessPending } from './app-access.detector';
import type { Detector, IndexTopicId, LockerFindings } from './define-detector';
import { detectorRegistry } from './detectors';
import type { FindingContext } from './finding-context';

const MEMO_MS = 60_000;
const MEMO_SIZE = 50;
const memo = new Map<string, { at: number; value: Promise<LockerFindings> }>();

/** The topics with key figures or an anomaly count, in catalogue order. */
export const indexTopicIds = (Object.keys(findingTopics) as TopicId[]).filter((id) => {
  const topic = findingTopics[id];
  return 'figures' in topic || 'anomalies' in topic;
}) as IndexTopicId[];

/**
 * Every finding the locker's index needs. The summary, the anomaly counts and the remediation
 * are asked for together and change only when the subject's events (the rollup state), the
 * configuration, the subject or the window change, so the result is kept for a minute under a
 * key made of exactly those.
 */
export async function findings(ctx: FindingContext): Promise<LockerFindings> {
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

async function compute(ctx: FindingContext): Promise<LockerFindings> {
  const detectors = await detectorRegistry();
  const replies: Record<string, unknown> = {};
  // better-sqlite3 runs one statement at a time, so these run one after the other there.
  for (const topic of indexTopicIds) {
    const detector: Detector = detectors.of(topic);
    // Index topics take `?window` alone, which the context has already resolved.
    replies[topic] = await detector.run(ctx, {}, {});
  }
  const activity = (await dailyGroups(ctx.db, ctx.build, ctx.window, [], {}))[0];
  const activeDays = (await dailyGroups(ctx.db, ctx.build, ctx.window, ['day'], {})).length;
  return { ...(replies as Omit<LockerFindings, 'activity' | 'activeDays'>), activity, activeDays };
}
