import { headerOf } from './detection-rule';
import type { SigmaHeader } from './detection-rule';
import { refuse } from './problems';
import { durationOf } from './rule-meta';
import { entryOf, textOf } from './yaml-nodes';
import type { SigmaEntry, SigmaMap, SigmaNode } from './yaml-nodes';

/** The correlation types Vigil runs. */
export type CorrelationType =
  'event_count' | 'value_count' | 'value_sum' | 'temporal' | 'temporal_ordered';

const SUPPORTED: readonly CorrelationType[] = [
  'event_count',
  'value_count',
  'value_sum',
  'temporal',
  'temporal_ordered',
];

/** A count (or sum) threshold: the lower bound the condition sets. */
export interface Threshold {
  atLeast: number;
  /** How the why sentence says it: "at least 10", "more than 10". */
  words: string;
}

/** A name written in the correlation, with its line. */
export interface Located {
  text: string;
  line: number;
}

/** A Sigma correlation rule, read but not yet resolved against the rules it names. */
export interface SigmaCorrelationRule extends SigmaHeader {
  kind: 'correlation';
  type: CorrelationType;
  /** The line of `correlation:`, for problems of the correlation as a whole. */
  correlationLine: number;
  rules: Located[];
  groupBy: Located[];
  /** alias -> rule name or id -> field. */
  aliases: Map<string, Map<string, string>>;
  /** The timespan as a Vigil duration, and as written. */
  window: string;
  timespan: string;
  threshold: Threshold | null;
  /** value_count and value_sum: the field measured. */
  field: Located | null;
  /** Sigma `generate`: the rules it refers to also run on their own. */
  generate: boolean;
}

function texts(entry: SigmaEntry | undefined, what: string): Located[] {
  if (!entry) return [];
  const node: SigmaNode = entry.value;
  const items = node.kind === 'list' ? node.items : [node];
  return items.map((item) => {
    const text = textOf(item);
    if (text === null) refuse(item.line, `each of the correlation's ${what} is a name`);
    return { text: text, line: item.line };
  });
}

function aliasesOf(entry: SigmaEntry | undefined): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  if (!entry) return out;
  if (entry.value.kind !== 'map')
    refuse(entry.line, 'aliases map each alias to { rule name: field }');
  for (const alias of entry.value.entries) {
    if (alias.value.kind !== 'map')
      refuse(alias.line, `the alias "${alias.key}" maps rule names to fields`);
    const fields = new Map<string, string>();
    for (const rule of alias.value.entries) {
      const field = textOf(rule.value);
      if (field === null)
        refuse(rule.line, `the alias "${alias.key}" names no field for "${rule.key}"`);
      fields.set(rule.key, field);
    }
    out.set(alias.key, fields);
  }
  return out;
}

const BOUNDS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;

/**
 * The lower bound of an event_count / value_count / value_sum condition. Vigil fires when a
 * window holds at least N, so only `gte: N` (N) and `gt: N` (N + 1) can be said; an upper
 * bound, an equality or a range would fire on the first N of a larger burst, and is refused.
 */
function thresholdOf(
  condition: SigmaMap,
  type: CorrelationType,
): { threshold: Threshold; field: Located | null } {
  let field: Located | null = null;
  const bounds: Array<{ key: string; value: number; line: number }> = [];
  for (const entry of condition.entries) {
    if (entry.key === 'field') {
      if (type !== 'value_count' && type !== 'value_sum')
        refuse(
          entry.line,
          `"field" belongs to value_count and value_sum correlations, not ${type}`,
        );
      const name = textOf(entry.value);
      if (name === null)
        refuse(entry.line, 'the condition names one field; Vigil measures a single field');
      field = { text: name, line: entry.line };
    } else if ((BOUNDS as readonly string[]).includes(entry.key)) {
      const value = entry.value.kind === 'scalar' ? entry.value.value : null;
      if (typeof value !== 'number' || !Number.isInteger(value))
        refuse(entry.line, `the condition "${entry.key}" takes a whole number`);
      bounds.push({ key: entry.key, value: value, line: entry.line });
    } else {
      refuse(
        entry.line,
        `the condition "${entry.key}" is not one of gt, gte, lt, lte, eq, neq, field`,
      );
    }
  }
  const upper = bounds.find((bound) => !['gt', 'gte'].includes(bound.key));
  if (upper) {
    refuse(
      upper.line,
      `the condition "${upper.key}: ${upper.value}" is not supported: a Vigil threshold is a lower bound, so only gte and gt can be said`,
    );
  }
  if (bounds.length !== 1) refuse(condition.line, 'the condition needs exactly one of gte or gt');
  const bound = bounds[0]!;
  const atLeast = bound.key === 'gte' ? bound.value : bound.value + 1;
  if (atLeast < 1)
    refuse(
      bound.line,
      `the condition "${bound.key}: ${bound.value}" holds without any event; use at least gte: 1`,
    );
  const words = bound.key === 'gte' ? `at least ${bound.value}` : `more than ${bound.value}`;
  return { threshold: { atLeast, words }, field };
}

/** A temporal correlation may say how many of its rules must match: Vigil needs them all. */
function checkTemporalCondition(condition: SigmaMap, count: number): void {
  for (const entry of condition.entries) {
    const value = entry.value.kind === 'scalar' ? entry.value.value : null;
    if (!((entry.key === 'gte' || entry.key === 'eq') && value === count)) {
      refuse(
        entry.line,
        `the temporal condition "${entry.key}: ${String(value)}" is not supported: Vigil's sequences need every one of the ${count} rules`,
      );
    }
  }
}

/** Reads a correlation document (`correlation:` with type, rules, group-by, timespan, condition). */
export function readCorrelationRule(doc: SigmaMap, line: number): SigmaCorrelationRule {
  const header = headerOf(doc, line);
  const entry = entryOf(doc, 'correlation')!;
  if (entry.value.kind !== 'map')
    refuse(
      entry.line,
      'the correlation is a mapping of type, rules, group-by, timespan and condition',
    );
  const correlation = entry.value;
  const typeEntry = entryOf(correlation, 'type');
  const typeName = textOf(typeEntry?.value);
  if (typeName === 'value_avg' || typeName === 'value_percentile') {
    refuse(
      typeEntry!.line,
      `the correlation type "${typeName}" is not supported: Vigil measures counts, distinct values and sums`,
    );
  }
  if (!SUPPORTED.includes(typeName as CorrelationType)) {
    refuse(
      typeEntry?.line ?? entry.line,
      `the correlation type "${typeName ?? ''}" is not supported`,
    );
  }
  const type = typeName as CorrelationType;
  const rules = texts(entryOf(correlation, 'rules'), 'rules');
  if (rules.length === 0) refuse(entry.line, 'the correlation names no rules');
  const timespanEntry = entryOf(correlation, 'timespan');
  const timespan = textOf(timespanEntry?.value);
  if (timespan === null) refuse(entry.line, 'the correlation has no timespan');
  const window = durationOf(timespan, timespanEntry!.line);
  const conditionEntry = entryOf(correlation, 'condition');
  if (conditionEntry && conditionEntry.value.kind !== 'map')
    refuse(conditionEntry.line, 'the condition is a mapping such as { gte: 10 }');
  const condition = conditionEntry?.value as SigmaMap | undefined;
  let threshold: Threshold | null = null;
  let field: Located | null = null;
  if (type === 'temporal' || type === 'temporal_ordered') {
    if (condition) checkTemporalCondition(condition, rules.length);
  } else {
    if (!condition)
      refuse(entry.line, `a ${type} correlation needs a condition such as { gte: 10 }`);
    ({ threshold, field } = thresholdOf(condition, type));
    if (type !== 'event_count' && !field)
      refuse(conditionEntry!.line, `a ${type} correlation names its field in the condition`);
  }
  const generate = entryOf(doc, 'generate') ?? entryOf(correlation, 'generate');
  if (generate && (generate.value.kind !== 'scalar' || typeof generate.value.value !== 'boolean')) {
    refuse(generate.line, '"generate" is true or false');
  }
  return {
    ...header,
    kind: 'correlation',
    type,
    correlationLine: entry.line,
    rules,
    groupBy: texts(entryOf(correlation, 'group-by'), 'group-by fields'),
    aliases: aliasesOf(entryOf(correlation, 'aliases')),
    window,
    timespan: timespan,
    threshold,
    field,
    generate: generate?.value.kind === 'scalar' && generate.value.value === true,
  };
}
