import { attackTechniques } from '../../../../shared/attack';
import { ruleSchema } from '../rule-schema';
import type { Rule } from '../rule-schema';
import type { RuleCandidate } from './correlation-steps';
import { refuse } from './problems';

/**
 * Stands in for an empty technique list during validation only. A rule file must name a
 * technique (the JSON schema says so, and stays so), but a Sigma rule without an ATT&CK tag is
 * still a rule the engine runs; everything else is checked by the very schema rule files pass.
 */
const STAND_IN_TECHNIQUE = attackTechniques[0]!.id;

/**
 * The Vigil rule of a candidate, validated by rule-schema.ts like a JSON rule file (filters,
 * pinned activities, windows, why placeholders), so `runRule` runs it unchanged. Its
 * techniques may be empty. A candidate that does not validate is refused with the schema's
 * words, at the Sigma document's line.
 */
export function buildRule(candidate: RuleCandidate): Rule {
  const { line, steps, within, techniques, ...meta } = candidate;
  const parsed = ruleSchema.safeParse({
    ...meta,
    techniques: techniques.length > 0 ? techniques : [STAND_IN_TECHNIQUE],
    condition: within === undefined ? { steps } : { steps, within },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuse(
      line,
      `the compiled rule does not fit Vigil's rule model: ${issue.path.join('.') || '(rule)'}: ${issue.message}`,
    );
  }
  return { ...parsed.data, techniques };
}
