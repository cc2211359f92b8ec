import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Rule } from '../rule-schema';
import { compileSigma } from './compile-sigma';

/** The folder of Sigma rules shipped with Vigil: one YAML text per file (`.yml`). */
export const SIGMA_RULES_DIR = fileURLToPath(new URL('./rules/', import.meta.url));

/** A Sigma file that does not compile, with its problems ("line 12: ..."). */
export interface SigmaFileProblem {
  file: string;
  problems: string[];
}

/** The rules of one Sigma file, remembering which file gave them. */
export interface SigmaFileRules {
  file: string;
  rules: Rule[];
}

/**
 * Compiles every `.yml` file of a folder, in file-name order. Each file is compiled whole (a
 * correlation and the rules it uses may share a file); a rule id given by two files is a
 * problem of the second.
 */
export function readSigmaRules(dir: string = SIGMA_RULES_DIR): {
  files: SigmaFileRules[];
  invalid: SigmaFileProblem[];
} {
  const files: SigmaFileRules[] = [];
  const invalid: SigmaFileProblem[] = [];
  const owners = new Map<string, string>();
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'))
    .sort();
  for (const file of names) {
    const result = compileSigma(fs.readFileSync(path.join(dir, file), 'utf8'));
    if ('problems' in result) {
      invalid.push({ file, problems: result.problems.map((problem) => problem.message) });
      continue;
    }
    const taken = result.rules.find((rule) => owners.has(rule.id));
    if (taken) {
      invalid.push({
        file,
        problems: [`the rule id "${taken.id}" is also given by ${owners.get(taken.id)!}`],
      });
      continue;
    }
    for (const rule of result.rules) owners.set(rule.id, file);
    files.push({ file, rules: result.rules });
  }
  return { files, invalid };
}
