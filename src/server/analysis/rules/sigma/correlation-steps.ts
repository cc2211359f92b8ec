import type { IncidentSeverity } from '../../../../shared/incident-model';
import { resolveField } from '../fields';
import type { Filter } from '../filter-types';
import type { Located, SigmaCorrelationRule } from './correlation-rule';
import type { SigmaDetectionRule } from './detection-rule';
import { fieldTarget, isPersonField } from './logsource-lookup';
import { refuse } from './problems';
import { clip, highest } from './rule-meta';

/** A Sigma document compiled far enough to be referred to by a correlation. */
export type SigmaRule = SigmaDetectionRule | SigmaCorrelationRule;

/** Finds the rule a correlation names (by `name` or `id`), refusing names not in the text. */
export type Resolver = (reference: Located) => SigmaRule;

/** One step as the rule schema takes it. */
export interface StepInput {
  name: string;
  match: Filter;
  window: string;
  measure?: 'count' | { distinct: string } | { sum: string };
  atLeast: number;
}

/** A Vigil rule before validation: everything but the defaults. */
export interface RuleCandidate {
  line: number;
  id: string;
  title: string;
  description: string;
  severity: IncidentSeverity;
  techniques: string[];
  steps: StepInput[];
  within?: string;
  why: string;
}

/** A detection rule on its own: one event is enough; matches a minute apart merge into one burst. */
export const SINGLE_EVENT_WINDOW = '1m';

/** A title inside a why sentence: quoted, short, and without braces (they are placeholders). */
export function quoted(title: string): string {
  return `"${clip(title.replace(/[{}]/g, ''), 60)}"`;
}

/** The detection rules a rule stands on: itself, or those of the correlation, recursively. */
export function detectionsOf(rule: SigmaRule, resolve: Resolver): SigmaDetectionRule[] {
  if (rule.kind === 'detection') return [rule];
  return rule.rules.flatMap((reference) => detectionsOf(resolve(reference), resolve));
}

/**
 * Vigil correlates one person's events: a hit is always about the subject of the
 * investigation. So group-by may name only fields that identify the person in every log
 * source involved (through an alias, where the correlation has one), or be empty.
 */
export function checkGroupBy(rule: SigmaCorrelationRule, resolve: Resolver): void {
  for (const group of rule.groupBy) {
    for (const reference of rule.rules) {
      const target = resolve(reference);
      const aliased = rule.aliases.get(group.text);
      const field =
        aliased?.get(target.name ?? '') ?? aliased?.get(target.sigmaId ?? '') ?? group.text;
      const outsider = detectionsOf(target, resolve).find(
        (detection) => !isPersonField(detection.logsource, field),
      );
      if (outsider) {
        refuse(
          group.line,
          `the group-by field "${group.text}" does not identify the person in logsource ${outsider.logsource.name}: Vigil correlates one person's events, so group-by may only name the person (User, user, actor.alternateId, UserId, actor...) or be empty`,
        );
      }
    }
  }
}

/** The column a value_count (text) or value_sum (number) correlation measures. */
function measuredColumn(
  rule: SigmaCorrelationRule,
  detections: SigmaDetectionRule[],
  kind: 'text' | 'number',
): string {
  const field = rule.field!;
  const columns = new Set<string>();
  for (const detection of detections) {
    const target = fieldTarget(detection.logsource, field.text);
    if (typeof target !== 'string') {
      refuse(
        field.line,
        `the field "${field.text}" has no mapping for logsource ${detection.logsource.name}`,
      );
    }
    const resolved = resolveField(target);
    if (!resolved || !('column' in resolved)) {
      refuse(
        field.line,
        `the field "${field.text}" is kept among the event's attributes, which Vigil cannot measure; only event columns can be counted or summed`,
      );
    }
    if (resolved.kind !== kind) {
      refuse(
        field.line,
        `the field "${field.text}" holds ${resolved.kind === 'number' ? 'numbers' : 'text'}; ${rule.type} needs ${kind === 'number' ? 'numbers' : 'text'}`,
      );
    }
    columns.add(target);
  }
  if (columns.size > 1) {
    refuse(
      field.line,
      `the field "${field.text}" is a different column in the rules it correlates (${[...columns].join(', ')})`,
    );
  }
  return [...columns][0]!;
}

function unionMatch(detections: SigmaDetectionRule[]): Filter {
  if (detections.length === 1) return detections[0]!.match;
  const activities = [...new Set(detections.flatMap((d) => d.logsource.activities))];
  return {
    all: [{ field: 'activity', in: activities }, { any: detections.map((d) => d.match) }],
  };
}

/** The step of an event_count, value_count or value_sum correlation. */
export function thresholdStep(
  rule: SigmaCorrelationRule,
  name: string,
  resolve: Resolver,
): StepInput {
  const detections = rule.rules.map((reference) => {
    const target = resolve(reference);
    if (target.kind !== 'detection') {
      refuse(
        reference.line,
        `a ${rule.type} correlation counts the events of detection rules; "${reference.text}" is a correlation`,
      );
    }
    return target;
  });
  const step: StepInput = {
    name,
    match: unionMatch(detections),
    window: rule.window,
    atLeast: rule.threshold!.atLeast,
  };
  if (rule.type === 'value_count')
    step.measure = { distinct: measuredColumn(rule, detections, 'text') };
  if (rule.type === 'value_sum') step.measure = { sum: measuredColumn(rule, detections, 'number') };
  return step;
}

/** What a correlation's steps are about, for its why sentence: "\"A\"" or "\"A\" or \"B\"". */
export function describeRules(rule: SigmaCorrelationRule, resolve: Resolver): string {
  return rule.rules.map((reference) => quoted(resolve(reference).title)).join(' or ');
}

/** Severity: the correlation's own level, else the highest of the rules it uses, else medium. */
export function correlationSeverity(
  rule: SigmaCorrelationRule,
  resolve: Resolver,
): IncidentSeverity {
  if (rule.severity) return rule.severity;
  const levels = detectionsOf(rule, resolve)
    .map((detection) => detection.severity)
    .filter((severity): severity is IncidentSeverity => severity !== null);
  return levels.length > 0 ? highest(levels) : 'medium';
}

/** Techniques: the correlation's own tags, else those of the rules it uses. */
export function correlationTechniques(rule: SigmaCorrelationRule, resolve: Resolver): string[] {
  if (rule.techniques.length > 0) return rule.techniques;
  return [...new Set(detectionsOf(rule, resolve).flatMap((d) => d.techniques))].slice(0, 10);
}
