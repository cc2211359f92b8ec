import { createHash } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { FilterContext } from './compile-filter';
import { durationMs } from './durations';
import { findBursts } from './find-bursts';
import type { AnalysisScope, Burst } from './find-bursts';
import type { Rule } from './rule-schema';
import { renderWhy } from './why';

/** One firing of a rule: the burst of each step, in order, and the sentence that explains it. */
export interface RuleHit {
  ruleId: string;
  /** Stable across re-runs: the rule and the moment its first step's burst begins. */
  fingerprint: string;
  first: number;
  last: number;
  eventCount: number;
  why: string;
  bursts: Burst[];
}

/** The fingerprint of a hit; the same events give the same fingerprint on every run. */
export function fingerprintOf(ruleId: string, first: number): string {
  return createHash('sha256').update(`${ruleId}:${first}`).digest('hex').slice(0, 32);
}

/**
 * Chains a sequence's bursts: each step's burst must begin no earlier than the previous one
 * began and at most `within` after it ended ("A then B within T"). Each burst of the first
 * step starts at most one chain, taking the earliest burst that fits at every step.
 */
function chains(perStep: readonly Burst[][], withinMs: number): Burst[][] {
  const [firsts = [], ...rest] = perStep;
  const out: Burst[][] = [];
  for (const start of firsts) {
    const chain = [start];
    for (const candidates of rest) {
      const previous = chain[chain.length - 1]!;
      const next = candidates.find(
        (b) => b.first >= previous.first && b.first <= previous.last + withinMs,
      );
      if (!next) break;
      chain.push(next);
    }
    if (chain.length === perStep.length) out.push(chain);
  }
  return out;
}

/**
 * Runs one rule over the subject's events in the window. Every step is measured in SQL (see
 * findBursts); only the bursts, a handful of aggregates, come back to be chained here. Later
 * steps are not queried once a step finds nothing.
 */
export async function runRule(
  db: Kysely<Database>,
  rule: Rule,
  scope: AnalysisScope,
  context: FilterContext,
): Promise<RuleHit[]> {
  const { steps, within } = rule.condition;
  const perStep: Burst[][] = [];
  for (const step of steps) {
    const bursts = await findBursts(db, step, scope, context);
    if (bursts.length === 0) return [];
    perStep.push(bursts);
  }
  const found =
    steps.length === 1 ? perStep[0]!.map((b) => [b]) : chains(perStep, durationMs(within ?? '1m'));
  return found.map((bursts) => ({
    ruleId: rule.id,
    fingerprint: fingerprintOf(rule.id, bursts[0]!.first),
    first: bursts[0]!.first,
    last: Math.max(...bursts.map((b) => b.last)),
    eventCount: bursts.reduce((sum, b) => sum + b.count, 0),
    why: renderWhy(rule.why, steps, bursts),
    bursts,
  }));
}
