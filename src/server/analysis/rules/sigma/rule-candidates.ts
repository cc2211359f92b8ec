import type { SigmaCorrelationRule } from './correlation-rule';
import {
  checkGroupBy,
  correlationSeverity,
  correlationTechniques,
  describeRules,
  quoted,
  SINGLE_EVENT_WINDOW,
  thresholdStep,
} from './correlation-steps';
import type { Resolver, RuleCandidate, SigmaRule, StepInput } from './correlation-steps';
import type { SigmaDetectionRule } from './detection-rule';
import { refuse } from './problems';
import { clip, ruleIdFor } from './rule-meta';

/** Temporal (unordered) correlations: every order of at most this many rules is a sequence. */
const MAX_UNORDERED = 3;

function descriptionOf(rule: SigmaRule, fallback: string): string {
  return clip(rule.description ?? fallback, 2000);
}

/** A detection rule on its own: one step, one event is enough. */
export function detectionCandidate(rule: SigmaDetectionRule): RuleCandidate {
  return {
    line: rule.line,
    id: ruleIdFor(rule.title, rule.sigmaId),
    title: clip(rule.title, 200),
    description: descriptionOf(rule, `Sigma rule ${quoted(rule.title)}.`),
    severity: rule.severity ?? 'medium',
    techniques: rule.techniques,
    steps: [
      {
        name: 'match',
        match: rule.match,
        window: SINGLE_EVENT_WINDOW,
        atLeast: 1,
      },
    ],
    why: "{match.count} events matched the Sigma rule's detection from {match.first} to {match.last}.",
  };
}

function thresholdCandidate(rule: SigmaCorrelationRule, resolve: Resolver): RuleCandidate {
  const what = describeRules(rule, resolve);
  const threshold = rule.threshold!;
  const asked = `the correlation asks for ${threshold.words} within ${rule.timespan}`;
  let step: StepInput;
  let why: string;
  if (rule.type === 'event_count') {
    step = thresholdStep(rule, 'events', resolve);
    why = `{events.count} events matched ${what} from {events.first} to {events.last} (${asked}).`;
  } else if (rule.type === 'value_count') {
    step = thresholdStep(rule, 'values', resolve);
    why = `{values.distinct} different values of ${rule.field!.text} in {values.count} events matching ${what} from {values.first} to {values.last} (${asked}).`;
  } else {
    step = thresholdStep(rule, 'total', resolve);
    why = `${rule.field!.text} added up to {total.sum} over {total.count} events matching ${what} from {total.first} to {total.last} (${asked}).`;
  }
  return {
    line: rule.line,
    id: ruleIdFor(rule.title, rule.sigmaId),
    title: clip(rule.title, 200),
    description: descriptionOf(rule, `Sigma ${rule.type} correlation of ${what}.`),
    severity: correlationSeverity(rule, resolve),
    techniques: correlationTechniques(rule, resolve),
    steps: [step],
    why,
  };
}

/** The step a rule named by a temporal correlation contributes to a sequence. */
function sequenceStep(rule: SigmaRule, name: string, resolve: Resolver, line: number): StepInput {
  if (rule.kind === 'detection') {
    return { name, match: rule.match, window: SINGLE_EVENT_WINDOW, atLeast: 1 };
  }
  if (rule.type === 'temporal' || rule.type === 'temporal_ordered') {
    refuse(
      line,
      `a temporal correlation cannot use another temporal correlation ("${rule.title}") as a step`,
    );
  }
  return thresholdStep(rule, name, resolve);
}

function sequenceWhy(rules: SigmaRule[]): string {
  return `${rules
    .map((rule, i) => {
      const step = `step${i + 1}`;
      return i === 0
        ? `${quoted(rule.title)} matched {${step}.count} events from {${step}.first}`
        : `then ${quoted(rule.title)} matched {${step}.count} events {${step}.after} later`;
    })
    .join('; ')}.`;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * A temporal correlation as Vigil sequences. temporal_ordered is one sequence: each rule's
 * step begins at most `timespan` after the previous one ended. temporal (any order) becomes
 * one sequence per order of its rules (2 rules: 2 sequences, 3 rules: 6), and more than 3 are
 * refused: Vigil has no unordered "all of these within T".
 */
function sequenceCandidates(rule: SigmaCorrelationRule, resolve: Resolver): RuleCandidate[] {
  const max = rule.type === 'temporal' ? MAX_UNORDERED : 4;
  if (rule.rules.length < 2 || rule.rules.length > max) {
    refuse(
      rule.correlationLine,
      rule.type === 'temporal'
        ? `a temporal correlation of ${rule.rules.length} rules is not supported: Vigil runs every order of 2 or 3 rules as a sequence`
        : `a temporal_ordered correlation of ${rule.rules.length} rules is not supported: a Vigil sequence has 2 to 4 steps`,
    );
  }
  const targets = rule.rules.map((reference) => ({
    line: reference.line,
    rule: resolve(reference),
  }));
  const orders = rule.type === 'temporal' ? permutations(targets) : [targets];
  const id = ruleIdFor(rule.title, rule.sigmaId);
  const description = descriptionOf(
    rule,
    `Sigma ${rule.type} correlation: ${targets.map((t) => quoted(t.rule.title)).join(', ')} within ${rule.timespan}.`,
  );
  return orders.map((order, index) => ({
    line: rule.line,
    id: orders.length === 1 ? id : `${id}-${index + 1}`,
    title: clip(
      // Each order says what happened first rather than "order 2 of 2", which an alert's
      // reader cannot decode.
      orders.length === 1
        ? rule.title
        : `${rule.title}: ${order.map((target) => target.rule.title).join(', then ')}`,
      200,
    ),
    description,
    severity: correlationSeverity(rule, resolve),
    techniques: correlationTechniques(rule, resolve),
    steps: order.map((target, i) =>
      sequenceStep(target.rule, `step${i + 1}`, resolve, target.line),
    ),
    within: rule.window,
    why: sequenceWhy(order.map((target) => target.rule)),
  }));
}

/** The Vigil rules one correlation becomes. */
export function correlationCandidates(
  rule: SigmaCorrelationRule,
  resolve: Resolver,
): RuleCandidate[] {
  checkGroupBy(rule, resolve);
  if (rule.type === 'temporal' || rule.type === 'temporal_ordered')
    return sequenceCandidates(rule, resolve);
  return [thresholdCandidate(rule, resolve)];
}
