import type { DatabaseHandle } from '../../db/database';
import {
  claimDetectionWork,
  finishDetectionWork,
  releaseDetectionWork,
} from '../../db/queries/detection-queue';
import { ownerTag } from '../../runs/this-process';
import { loadFilterContext } from '../rules/filter-context';
import { activeRules } from '../rules/rule-catalogue';
import type { Rule } from '../rules/rule-schema';
import { detectPerson } from './detect-person';
import { disableSlowRule } from './disable-slow-rule';
import { scorePerson } from './person-risk';
import { RULE_DEADLINE_MS } from './rule-deadline';

/** A claim older than this belongs to a process that died: another may take the person. */
export const DETECTION_CLAIM_STALE_MS = 10 * 60_000;

/** People detected at once on PostgreSQL (each takes one pool connection at a time). */
const PARALLEL_PEOPLE = 4;

/** What a pass did. */
export interface DetectionPassOutcome {
  people: number;
  hits: number;
  raised: number;
  extended: number;
  failed: number;
  /** Rules switched off during the pass: they ran past their deadline. */
  disabledRules: string[];
}

/** Options for a pass; tests and the benchmark pass their own rules, clock and batch size. */
export interface DetectionPassOptions {
  rules?: readonly Rule[];
  now?: () => number;
  /** People claimed per round. */
  batch?: number;
  /** Stop after this many rounds (default: until the queue is empty). */
  rounds?: number;
  /** Told of each person whose detection failed (they stay queued for another try). */
  onError?: (employeeId: string, error: unknown) => void;
  /** How long one rule may take over one person's events (default RULE_DEADLINE_MS). */
  ruleDeadlineMs?: number;
}

/**
 * Works through the detection queue: claims people (never one another process holds), runs
 * every rule over the events that arrived for each plus the rule's look-back, records alerts,
 * scores the person again, and takes each person off the queue only once all that is stored. A person whose pass
 * fails is handed back to the queue. A rule that runs past its deadline over a person's events
 * is stopped, switched off with the reason (audited) and left out for the rest of the pass.
 */
export async function runDetectionPass(
  handle: DatabaseHandle,
  options: DetectionPassOptions = {},
): Promise<DetectionPassOutcome> {
  const clock = options.now ?? Date.now;
  const rules = options.rules ?? (await activeRules(handle.db));
  const owner = ownerTag();
  const outcome: DetectionPassOutcome = {
    people: 0,
    hits: 0,
    raised: 0,
    extended: 0,
    failed: 0,
    disabledRules: [],
  };
  const deadlineMs = options.ruleDeadlineMs ?? RULE_DEADLINE_MS;
  const disabled = new Set<string>();
  const { context, config } = await loadFilterContext(handle.db, handle.dialect);
  for (let round = 0; round < (options.rounds ?? Infinity); round++) {
    const now = clock();
    const claimed = await claimDetectionWork(
      handle.db,
      handle.dialect,
      owner,
      now,
      now - DETECTION_CLAIM_STALE_MS,
      options.batch ?? 50,
    );
    if (claimed.length === 0) break;
    const detectOne = async (work: (typeof claimed)[number]) => {
      try {
        const running = rules.filter((rule) => !disabled.has(rule.id));
        const person = await detectPerson(
          handle.db,
          work,
          running,
          context,
          config,
          clock(),
          () => Date.now() + deadlineMs,
        );
        for (const ruleId of person.tooSlow) {
          if (disabled.has(ruleId)) continue;
          disabled.add(ruleId);
          if (await disableSlowRule(handle.db, ruleId, deadlineMs, clock())) {
            outcome.disabledRules.push(ruleId);
          }
        }
        // Everyone whose events arrived is scored again, alerts or not: transfers and hours count.
        await scorePerson(handle.db, work.employeeId, config, clock());
        await finishDetectionWork(handle.db, work, owner);
        outcome.people += 1;
        outcome.hits += person.hits;
        outcome.raised += person.raised;
        outcome.extended += person.extended;
      } catch (error) {
        outcome.failed += 1;
        options.onError?.(work.employeeId, error);
        await releaseDetectionWork(handle.db, work.employeeId, owner).catch(() => undefined);
      }
    };
    // PostgreSQL serves several connections at once; SQLite has one, so people go one by one.
    const lanes = handle.dialect === 'postgres' ? PARALLEL_PEOPLE : 1;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(lanes, claimed.length) }, async () => {
        while (next < claimed.length) await detectOne(claimed[next++]!);
      }),
    );
    // Failed people stay queued; do not spin on them within one pass.
    if (outcome.failed > 0 && claimed.length <= outcome.failed) break;
  }
  return outcome;
}
