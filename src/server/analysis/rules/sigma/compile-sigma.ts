import type { Rule } from '../rule-schema';
import { buildRule } from './build-rule';
import { readCorrelationRule } from './correlation-rule';
import type { Located } from './correlation-rule';
import type { RuleCandidate, SigmaRule } from './correlation-steps';
import { compileDetectionRule } from './detection-rule';
import { problemOf, refuse, SigmaRefusal } from './problems';
import type { SigmaProblem } from './problems';
import { correlationCandidates, detectionCandidate } from './rule-candidates';
import { entryOf, readSigmaDocuments } from './yaml-nodes';
import type { SigmaDocument } from './yaml-nodes';

/** What compiling a Sigma text gives: every rule it holds, or every reason it was refused. */
export type SigmaCompilation = { rules: Rule[] } | { problems: SigmaProblem[] };

/** Runs a step, turning a refusal into a problem; anything else is a bug and propagates. */
function attempt<T>(problems: SigmaProblem[], run: () => T): T | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof SigmaRefusal) {
      problems.push(problemOf(error));
      return null;
    }
    throw error;
  }
}

function readDocument(doc: SigmaDocument): SigmaRule {
  const { root, line } = doc;
  if (entryOf(root, 'correlation')) return readCorrelationRule(root, line);
  if (entryOf(root, 'detection')) return compileDetectionRule(root, line);
  const action = entryOf(root, 'action');
  if (action) {
    refuse(
      action.line,
      'Sigma collection actions (global, reset, repeat) are not supported; write each rule whole',
    );
  }
  const filter = entryOf(root, 'filter');
  if (filter) refuse(filter.line, 'Sigma filter documents are not supported');
  return refuse(
    line,
    'the document is neither a detection rule (with detection) nor a correlation rule',
  );
}

/** Rules by their Sigma `name` and `id`, refusing two documents that claim the same one. */
function indexRules(rules: SigmaRule[], problems: SigmaProblem[]): Map<string, SigmaRule> {
  const index = new Map<string, SigmaRule>();
  for (const rule of rules) {
    for (const key of [rule.name, rule.sigmaId]) {
      if (key === null) continue;
      const other = index.get(key);
      if (other && other !== rule) {
        problems.push(
          problemOf(
            new SigmaRefusal(
              rule.line,
              `"${key}" names two documents of this text (the other at line ${other.line})`,
            ),
          ),
        );
      }
      index.set(key, rule);
    }
  }
  return index;
}

/** Unique ids within one text: a second rule with the same title gets `-2`, and so on. */
function uniqueIds(rules: Rule[]): Rule[] {
  const seen = new Map<string, number>();
  return rules.map((rule) => {
    const count = (seen.get(rule.id) ?? 0) + 1;
    seen.set(rule.id, count);
    return count === 1 ? rule : { ...rule, id: `${rule.id}-${count}` };
  });
}

/**
 * Compiles a Sigma text (one or several YAML documents) into Vigil rules, the same `Rule`
 * that rule files give, for `runRule` to run unchanged. Detection rules become one-step
 * rules; correlation rules (event_count, value_count, value_sum, temporal, temporal_ordered)
 * become threshold steps or sequences over the rules they name, which must be in the same
 * text. As the correlation specification says, a rule a correlation uses does not also run
 * on its own unless that correlation says `generate: true`.
 *
 * All or nothing: when anything is refused, no rule comes back, only the problems, each with
 * its line and a sentence naming the construct (one per document at most).
 */
export function compileSigma(text: string): SigmaCompilation {
  const problems: SigmaProblem[] = [];
  const docs = attempt(problems, () => readSigmaDocuments(text));
  if (!docs) return { problems };
  const read = docs
    .map((doc) => attempt(problems, () => readDocument(doc)))
    .filter((rule): rule is SigmaRule => rule !== null);
  if (problems.length > 0) return { problems };
  const index = indexRules(read, problems);
  const resolve = (reference: Located): SigmaRule =>
    index.get(reference.text) ??
    refuse(
      reference.line,
      `the correlation refers to "${reference.text}", which is not a rule in this text`,
    );
  const standalone = new Set<SigmaRule>(read);
  for (const rule of read) {
    if (rule.kind !== 'correlation') continue;
    for (const reference of rule.rules) {
      // A name not in the text is refused once, when the correlation is compiled below.
      const target = index.get(reference.text);
      if (target && !rule.generate) standalone.delete(target);
    }
  }
  const compiled: Rule[] = [];
  for (const rule of read) {
    const candidates = attempt(problems, (): RuleCandidate[] =>
      rule.kind === 'detection' ? [detectionCandidate(rule)] : correlationCandidates(rule, resolve),
    );
    if (!candidates || !standalone.has(rule)) continue;
    for (const candidate of candidates) {
      const built = attempt(problems, () => buildRule(candidate));
      if (built) compiled.push(built);
    }
  }
  return problems.length > 0 ? { problems } : { rules: uniqueIds(compiled) };
}
