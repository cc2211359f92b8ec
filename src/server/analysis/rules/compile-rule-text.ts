import type { RuleFormat } from '../../../shared/schemas/detection-rules';
import { ruleSchema } from './rule-schema';
import type { Rule } from './rule-schema';
import { compileSigma } from './sigma/compile-sigma';

/**
 * A rule text as an admin pastes it, in either format, compiled whole or refused with every
 * problem as a sentence (Sigma's say "line N: …"; a JSON rule's name the path of the field).
 */
export function compileRuleText(
  format: RuleFormat,
  source: string,
): { rules: Rule[] } | { problems: string[] } {
  if (format === 'sigma') {
    const result = compileSigma(source);
    return 'problems' in result
      ? { problems: result.problems.map((problem) => problem.message) }
      : { rules: result.rules };
  }
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    return {
      problems: [`the rule is not JSON: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const parsed = ruleSchema.safeParse(json);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(rule)'}: ${issue.message}`,
      ),
    };
  }
  return { rules: [parsed.data] };
}
