import { durationMs } from '../rules/durations';
import type { Rule } from '../rules/rule-schema';

/** A rule with a baseline compares a burst with the person's usual: it needs their history. */
const BASELINE_HISTORY_MS = 30 * 86_400_000;

/**
 * How far before the new events a rule must read to judge them: every step's window, and for a
 * sequence the time allowed between steps, so a step that began before the batch still counts;
 * a month for rules that compare with the person's usual rate.
 */
export function lookBackMs(rule: Rule): number {
  const { steps, within } = rule.condition;
  const windows = steps.reduce((sum, step) => sum + durationMs(step.window), 0);
  const gaps = steps.length > 1 && within ? durationMs(within) * (steps.length - 1) : 0;
  const needsHistory = steps.some((step) => step.baseline !== undefined);
  return Math.max(windows + gaps, needsHistory ? BASELINE_HISTORY_MS : 0);
}

/** Hits of a rule this close to one of its alerts about the same person extend that alert. */
export function mergeGapMs(rule: Rule): number {
  return durationMs(rule.condition.steps[0]!.window);
}
