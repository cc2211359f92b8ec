import { singularOf } from '../../../shared/wording';
import { describeDuration } from './durations';

/** What a step found, as the why sentence reads it. */
export interface StepFacts {
  count: number;
  distinct: number | null;
  sum: number | null;
  first: number;
  last: number;
  /** The subject's usual count per window elsewhere in the investigation window. */
  usual: number | null;
}

interface StepShape {
  name: string;
  measure: 'count' | { distinct: string } | { sum: string };
  baseline?: { times: number } | undefined;
}

const PLACEHOLDER = /\{([A-Za-z0-9]+)\.([a-z]+)\}/g;
const PROPERTIES = ['count', 'distinct', 'sum', 'first', 'last', 'span', 'usual', 'after'] as const;

/**
 * Problems with a why template: unknown steps or properties, and properties the step cannot
 * supply (`distinct` without a distinct measure, `after` on the first step...). Stray braces
 * count as problems too, so a typo never shows up in an incident.
 */
export function whyPlaceholders(template: string, steps: readonly StepShape[]): string[] {
  const problems: string[] = [];
  const byName = new Map(steps.map((step, index) => [step.name, { step, index }]));
  for (const [text, name = '', property = ''] of template.matchAll(PLACEHOLDER)) {
    const found = byName.get(name);
    if (!found) {
      problems.push(`${text} names no step; the steps are ${steps.map((s) => s.name).join(', ')}.`);
      continue;
    }
    const { step, index } = found;
    if (!(PROPERTIES as readonly string[]).includes(property)) {
      problems.push(`${text}: a step offers ${PROPERTIES.join(', ')}.`);
    } else if (
      property === 'distinct' &&
      (step.measure === 'count' || !('distinct' in step.measure))
    ) {
      problems.push(`${text}: step "${name}" does not measure distinct values.`);
    } else if (property === 'sum' && (step.measure === 'count' || !('sum' in step.measure))) {
      problems.push(`${text}: step "${name}" does not measure a sum.`);
    } else if (property === 'usual' && !step.baseline) {
      problems.push(`${text}: step "${name}" has no baseline.`);
    } else if (property === 'after' && index === 0) {
      problems.push(`${text}: the first step comes after nothing.`);
    }
  }
  if (/[{}]/.test(template.replace(PLACEHOLDER, '')))
    problems.push(
      'The why sentence has a brace that is not part of a {step.property} placeholder.',
    );
  return problems;
}

function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function formatAmount(value: number, field: string): string {
  if (!field.endsWith('_size')) return value.toLocaleString('en-US');
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let amount = value;
  let unit = 0;
  while (amount >= 1024 && unit < units.length - 1) {
    amount /= 1024;
    unit++;
  }
  return `${amount.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/**
 * A count placeholder, an optional capitalised word ("PowerShell"), the plural noun it counts and
 * an optional "were" a word or two later: "{match.count} events matched", "{clones.distinct}
 * repositories were cloned".
 */
const COUNTED =
  /\{(\w+)\.(count|distinct)\}(\s+(?:[A-Z][\w-]*\s+)?(?:[a-z]+\s+)?)([a-z]+s)\b(?:(\s+(?:[a-z]+\s+)?)(were)\b)?/g;

/** The template with the nouns of counts that came to 1 in the singular ("1 event matched"). */
function agreeWithCounts(
  template: string,
  index: ReadonlyMap<string, number>,
  facts: readonly StepFacts[],
): string {
  return template.replace(
    COUNTED,
    (text, name: string, property: string, gap: string, noun: string, between = '', were = '') => {
      const i = index.get(name);
      if (i === undefined) return text;
      const value = property === 'count' ? facts[i]!.count : (facts[i]!.distinct ?? 0);
      if (value !== 1) return text;
      return `{${name}.${property}}${gap}${singularOf(noun)}${between}${were ? 'was' : ''}`;
    },
  );
}

/** Fills a validated why template with what each step found. */
export function renderWhy(
  template: string,
  steps: readonly StepShape[],
  facts: readonly StepFacts[],
): string {
  const index = new Map(steps.map((step, i) => [step.name, i]));
  return agreeWithCounts(template, index, facts).replace(
    PLACEHOLDER,
    (text, name: string, property: string) => {
      const i = index.get(name);
      if (i === undefined) return text;
      const fact = facts[i]!;
      const step = steps[i]!;
      switch (property) {
        case 'count':
          return fact.count.toLocaleString('en-US');
        case 'distinct':
          return (fact.distinct ?? 0).toLocaleString('en-US');
        case 'sum':
          return formatAmount(
            fact.sum ?? 0,
            step.measure !== 'count' && 'sum' in step.measure ? step.measure.sum : '',
          );
        case 'first':
          return formatTime(fact.first);
        case 'last':
          return formatTime(fact.last);
        case 'span':
          return describeDuration(fact.last - fact.first);
        case 'usual':
          return (fact.usual ?? 0) === 0 ? 'none' : (fact.usual ?? 0).toFixed(1);
        case 'after':
          return describeDuration(fact.first - facts[i - 1]!.last);
        default:
          return text;
      }
    },
  );
}
