import fs from 'node:fs';
import path from 'node:path';

import type { Kysely } from 'kysely';

import type { RuleFormat } from '../../../shared/schemas/detection-rules';
import { readJson } from '../../db/dialect';
import { listRuleSources, ruleSwitches } from '../../db/queries/detection-rules';
import type { StoredRuleSource } from '../../db/queries/detection-rules';
import type { Database } from '../../db/schema';
import { compileRuleText } from './compile-rule-text';
import { RULES_DIR, shippedRules } from './load-rules';
import type { Rule } from './rule-schema';
import { SIGMA_RULES_DIR, readSigmaRules } from './sigma/load-sigma-rules';

/** One rule Vigil knows: what it is, where it comes from and whether it runs. */
export interface CatalogueEntry {
  rule: Rule;
  format: RuleFormat;
  origin: 'shipped' | 'custom';
  /** The text it is written in (its file for shipped rules). */
  source: string;
  /** The stored text it came from (custom rules). */
  stored: StoredRuleSource | null;
  enabled: boolean;
  /** Why detection switched it off (it ran past its deadline); null otherwise. */
  disabledReason: string | null;
}

interface ShippedEntry {
  rule: Rule;
  format: RuleFormat;
  source: string;
}

let shippedEntries: ShippedEntry[] | null = null;

/** The shipped rules with their files' text, read once: JSON rules, then Sigma rules. */
function shipped(): ShippedEntry[] {
  if (!shippedEntries) {
    const json = shippedRules().map((rule) => ({
      rule,
      format: 'vigil' as const,
      source: fs.readFileSync(path.join(RULES_DIR, `${rule.id}.json`), 'utf8'),
    }));
    const sigma = readSigmaRules().files.flatMap(({ file, rules }) => {
      const source = fs.readFileSync(path.join(SIGMA_RULES_DIR, file), 'utf8');
      return rules.map((rule) => ({ rule, format: 'sigma' as const, source }));
    });
    shippedEntries = [...json, ...sigma];
  }
  return shippedEntries;
}

/**
 * Every rule: the shipped files (on unless switched off) and the texts admins added (off until
 * switched on). An added text that no longer compiles (Vigil changed under it) is left out
 * rather than stopping detection; its switch keeps its place.
 */
export async function ruleCatalogue(db: Kysely<Database>): Promise<CatalogueEntry[]> {
  const [switches, stored] = await Promise.all([ruleSwitches(db), listRuleSources(db)]);
  const entries: CatalogueEntry[] = shipped().map((entry) => ({
    ...entry,
    origin: 'shipped',
    stored: null,
    enabled: switches.get(entry.rule.id)?.enabled ?? true,
    disabledReason: switches.get(entry.rule.id)?.disabledReason ?? null,
  }));
  for (const text of stored) {
    const compiled = compileRuleText(text.format as RuleFormat, text.source);
    if ('problems' in compiled) continue;
    const ids = new Set(readJson<string[]>(text.rule_ids));
    for (const rule of compiled.rules) {
      if (!ids.has(rule.id)) continue;
      entries.push({
        rule,
        format: text.format as RuleFormat,
        origin: 'custom',
        source: text.source,
        stored: text,
        enabled: switches.get(rule.id)?.enabled ?? false,
        disabledReason: switches.get(rule.id)?.disabledReason ?? null,
      });
    }
  }
  return entries;
}

/** The rules that run, in detection over everyone and in a case's analysis alike. */
export async function activeRules(db: Kysely<Database>): Promise<Rule[]> {
  return (await ruleCatalogue(db)).filter((entry) => entry.enabled).map((entry) => entry.rule);
}
