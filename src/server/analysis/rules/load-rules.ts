import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ruleSchema } from './rule-schema';
import type { Rule } from './rule-schema';

/** The folder of rule files shipped with Vigil: one JSON file per rule. */
export const RULES_DIR = fileURLToPath(new URL('./rules/', import.meta.url));

/** One rule file that does not validate, with every problem as "path: message". */
export interface RuleFileProblem {
  file: string;
  problems: string[];
}

/** Parses and validates one rule file's text; the file name must be the rule id. */
export function parseRuleFile(file: string, text: string): { rule: Rule } | { problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`not JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const parsed = ruleSchema.safeParse(json);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(rule)'}: ${issue.message}`,
      ),
    };
  }
  const expected = `${parsed.data.id}.json`;
  if (path.basename(file) !== expected)
    return { problems: [`the file of rule "${parsed.data.id}" must be called ${expected}`] };
  return { rule: parsed.data };
}

/** Reads and validates every rule file of a folder, in file-name order. */
export function readRules(dir: string = RULES_DIR): { rules: Rule[]; invalid: RuleFileProblem[] } {
  const rules: Rule[] = [];
  const invalid: RuleFileProblem[] = [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const file of files) {
    const result = parseRuleFile(file, fs.readFileSync(path.join(dir, file), 'utf8'));
    if ('rule' in result) rules.push(result.rule);
    else invalid.push({ file, problems: result.problems });
  }
  return { rules, invalid };
}

let shipped: Rule[] | null = null;

/**
 * The shipped rules, read once. A broken rule file stops the analysis with a message naming
 * the file and the problem, rather than quietly running fewer rules.
 */
export function shippedRules(): Rule[] {
  if (!shipped) {
    const { rules, invalid } = readRules();
    if (invalid.length > 0) {
      const first = invalid[0]!;
      throw new Error(`Detection rule file ${first.file} is invalid: ${first.problems.join('; ')}`);
    }
    shipped = rules;
  }
  return shipped;
}
