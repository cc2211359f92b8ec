import { refuse } from './problems';
import type { TextEncoding } from './value-encodings';

/** The modifiers Vigil carries out, by the role they play. */
const STRING_MODIFIERS = [
  'contains',
  'startswith',
  'endswith',
  'windash',
  'base64',
  'base64offset',
  'cased',
];
const ENCODINGS: Readonly<Record<string, TextEncoding>> = {
  wide: 'utf16le',
  utf16le: 'utf16le',
  utf16be: 'utf16be',
  utf16: 'utf16',
};
const REGEX_FLAGS: Readonly<Record<string, 'i' | 'm' | 's'>> = {
  i: 'i',
  ignorecase: 'i',
  m: 'm',
  multiline: 'm',
  s: 's',
  dotall: 's',
};
const COMPARISONS = ['gt', 'gte', 'lt', 'lte'] as const;

/** Sigma modifiers Vigil knows but refuses, with the reason. */
const REFUSED: Readonly<Record<string, string>> = {
  expand: 'placeholders need values Vigil does not have',
  fieldref: 'Vigil compares fields with values, not with other fields',
  minute: 'Vigil does not read parts of a time',
  hour: 'Vigil does not read parts of a time',
  day: 'Vigil does not read parts of a time',
  week: 'Vigil does not read parts of a time',
  month: 'Vigil does not read parts of a time',
  year: 'Vigil does not read parts of a time',
};

/** A numeric comparison modifier. */
export type Comparison = (typeof COMPARISONS)[number];

/** What a field's modifiers ask for, sorted by kind. */
export type ModifierPlan =
  | { kind: 'exists' }
  | { kind: 'regex'; flags: string; anchor: 'none' | 'start' | 'end' }
  | { kind: 'cidr' }
  | { kind: 'compare'; comparison: Comparison }
  | {
      kind: 'string';
      /** In the order written: encodings, base64, wildcards and windash apply one after another. */
      steps: Array<{ name: string; encoding?: TextEncoding }>;
      cased: boolean;
    };

/** A detection item's key: `Field|mod1|mod2`, the field empty for keyword searches. */
export interface ParsedKey {
  field: string;
  all: boolean;
  negated: boolean;
  plan: ModifierPlan;
  /** The modifiers as written, for messages. */
  written: string[];
}

function only(line: number, present: string, others: string[]): void {
  if (others.length > 0) {
    refuse(line, `the modifier "${present}" cannot be combined with "${others[0]}"`);
  }
}

/**
 * Reads `Field|mod1|mod2` and checks the modifier chain against what Sigma allows and Vigil
 * runs: `all` and `neq` anywhere; `exists` alone; `re` first, then its flags `i`/`m`/`s` and
 * at most one of contains/startswith/endswith; `cidr` alone; one of `gt`/`gte`/`lt`/`lte`
 * alone; otherwise string modifiers, where `wide`/`utf16*` must lead to `base64` or
 * `base64offset`. Anything else is refused with its name.
 */
export function parseKey(key: string, line: number): ParsedKey {
  const [field = '', ...written] = key.split('|');
  for (const name of written) {
    if (Object.hasOwn(REFUSED, name)) {
      refuse(line, `the modifier "${name}" is not supported: ${REFUSED[name]!}`);
    }
    const known =
      STRING_MODIFIERS.includes(name) ||
      Object.hasOwn(ENCODINGS, name) ||
      Object.hasOwn(REGEX_FLAGS, name) ||
      (COMPARISONS as readonly string[]).includes(name) ||
      ['all', 'neq', 'exists', 're', 'cidr'].includes(name);
    if (!known) refuse(line, `the modifier "${name}" is not supported`);
  }
  const all = written.includes('all');
  const negated = written.includes('neq');
  const rest = written.filter((name) => name !== 'all' && name !== 'neq');
  return { field, all, negated, plan: planOf(rest, line), written };
}

function planOf(modifiers: string[], line: number): ModifierPlan {
  const [first, ...others] = modifiers;
  if (first === undefined) return { kind: 'string', steps: [], cased: false };
  if (modifiers.includes('exists')) {
    only(
      line,
      'exists',
      modifiers.filter((name) => name !== 'exists'),
    );
    return { kind: 'exists' };
  }
  if (modifiers.includes('re')) {
    if (first !== 're') refuse(line, `the modifier "re" must come first, before "${first}"`);
    let flags = '';
    let anchor: 'none' | 'start' | 'end' = 'none';
    let positioned = false;
    for (const name of others) {
      const flag = REGEX_FLAGS[name];
      if (flag) {
        if (!flags.includes(flag)) flags += flag;
      } else if (['contains', 'startswith', 'endswith'].includes(name) && !positioned) {
        positioned = true;
        anchor = name === 'startswith' ? 'start' : name === 'endswith' ? 'end' : 'none';
      } else {
        refuse(line, `the modifier "${name}" cannot follow "re"`);
      }
    }
    return { kind: 'regex', flags, anchor };
  }
  const strayFlag = modifiers.find((name) => Object.hasOwn(REGEX_FLAGS, name));
  if (strayFlag) refuse(line, `the modifier "${strayFlag}" only applies after "re"`);
  if (modifiers.includes('cidr')) {
    only(
      line,
      'cidr',
      modifiers.filter((name) => name !== 'cidr'),
    );
    return { kind: 'cidr' };
  }
  const comparison = COMPARISONS.find((name) => modifiers.includes(name));
  if (comparison) {
    only(
      line,
      comparison,
      modifiers.filter((name) => name !== comparison),
    );
    return { kind: 'compare', comparison };
  }
  const steps = modifiers
    .filter((name) => name !== 'cased')
    .map((name) => (ENCODINGS[name] ? { name, encoding: ENCODINGS[name] } : { name }));
  steps.forEach((step, i) => {
    if (step.encoding && !['base64', 'base64offset'].includes(steps[i + 1]?.name ?? '')) {
      refuse(
        line,
        `the modifier "${step.name}" is not supported unless "base64" or "base64offset" follows it: Vigil keeps text, not UTF-16 bytes`,
      );
    }
  });
  return { kind: 'string', steps, cased: modifiers.includes('cased') };
}
