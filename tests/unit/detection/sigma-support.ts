import { expect } from 'vitest';

import { compileSigma } from '../../../src/server/analysis/rules/sigma/compile-sigma';
import { LOGSOURCES } from '../../../src/server/analysis/rules/sigma/field-mapping';
import type { SigmaProblem } from '../../../src/server/analysis/rules/sigma/problems';
import type { Filter } from '../../../src/server/analysis/rules/filter-types';
import type { Rule } from '../../../src/server/analysis/rules/rule-schema';

/** The rules a Sigma text compiles to; fails the test with the problems otherwise. */
export function compiled(text: string): Rule[] {
  const result = compileSigma(text);
  if ('problems' in result) {
    throw new Error(result.problems.map((problem) => problem.message).join('\n'));
  }
  return result.rules;
}

/** The problems of a Sigma text that must be refused. */
export function refused(text: string): SigmaProblem[] {
  const result = compileSigma(text);
  expect(result).not.toHaveProperty('rules');
  return (result as { problems: SigmaProblem[] }).problems;
}

/** The one problem of a refused text. */
export function refusal(text: string): SigmaProblem {
  const problems = refused(text);
  expect(problems).toHaveLength(1);
  return problems[0]!;
}

/** A detection rule over a log source: `logsource` and `detection` as YAML lines (4-space indent). */
export function sigmaRule(logsource: string, detection: string, extra = ''): string {
  return `title: Test rule
logsource:
${logsource}
detection:
${detection}
${extra}`;
}

/** Windows process creation, the log source most tests use. */
export const PROCESS = '    category: process_creation\n    product: windows';

/**
 * The filter a detection compiled to, without the log source's own conditions (activity,
 * source, scope): what the detection itself added to the step's top-level `all`.
 */
export function detectionOf(text: string): Filter[] {
  const [rule] = compiled(text);
  const match = rule!.condition.steps[0]!.match;
  if (!('all' in match)) throw new Error('The match has no top-level all.');
  const scopes = new Set(
    LOGSOURCES.flatMap((logsource) => logsource.scope ?? []).map((item) => JSON.stringify(item)),
  );
  return match.all.filter(
    (item) =>
      !scopes.has(JSON.stringify(item)) &&
      !('field' in item && item.field === 'activity' && item.in) &&
      !('field' in item && item.field === 'source' && item.eq !== undefined),
  );
}

/** The only filter a one-item detection compiled to. */
export function onlyFilter(text: string): Filter {
  const filters = detectionOf(text);
  expect(filters).toHaveLength(1);
  return filters[0]!;
}
