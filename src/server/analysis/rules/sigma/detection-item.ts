import { parseNetwork } from '../../../db/ip-networks';
import { resolveField } from '../fields';
import { regexProblem } from '../regex-subset';
import { and, not, or } from './expression';
import type { Expr } from './expression';
import type { LogsourceMapping } from './field-mapping';
import { fieldTarget } from './logsource-lookup';
import { parseKey } from './modifiers';
import type { ModifierPlan } from './modifiers';
import { refuse } from './problems';
import { parseSigmaString, plainString, plainText, withWildcards } from './sigma-string';
import type { SigmaString } from './sigma-string';
import { base64, base64Offsets, encodeText, windashVariants } from './value-encodings';
import { textValueTests } from './value-tests';
import type { SigmaNode, SigmaScalar } from './yaml-nodes';

/** At most this many spellings come out of one value (windash, base64offset). */
const MAX_VARIANTS = 100;

type Value = SigmaScalar['value'];

/** The values of an item: one scalar or a list of scalars; null only alone (the specification). */
function valuesOf(node: SigmaNode, field: string): SigmaScalar[] {
  if (node.kind === 'scalar') return [node];
  if (node.kind === 'map')
    refuse(
      node.line,
      `the value of ${field} is a mapping; Sigma values are text, numbers, booleans or null`,
    );
  if (node.items.length === 0) refuse(node.line, `the list of values of ${field} is empty`);
  return node.items.map((item) => {
    if (item.kind !== 'scalar')
      refuse(item.line, `a value of ${field} is a ${item.kind}; lists hold plain values`);
    if (item.value === null)
      refuse(
        item.line,
        `null cannot be part of a list of values (${field}); write it as its own selection`,
      );
    return item;
  });
}

function text(value: Value): string {
  return value === null ? '' : String(value);
}

/**
 * The spellings one string value takes after the string modifiers, in the order written:
 * an encoding (`wide`...) then `base64` or `base64offset`, `windash`, and the wildcards
 * `contains`/`startswith`/`endswith` add.
 */
function stringVariants(
  scalar: SigmaScalar,
  steps: Extract<ModifierPlan, { kind: 'string' }>['steps'],
  field: string,
): SigmaString[] {
  let variants: Array<SigmaString | Buffer> = [
    typeof scalar.value === 'string'
      ? parseSigmaString(scalar.value)
      : plainString(text(scalar.value)),
  ];
  const plain = (variant: SigmaString | Buffer, modifier: string): string => {
    const found = Buffer.isBuffer(variant) ? null : plainText(variant);
    if (found === null)
      refuse(scalar.line, `"${modifier}" cannot encode a value with wildcards (${field})`);
    return found;
  };
  for (const step of steps) {
    if (step.encoding) {
      const encoding = step.encoding;
      variants = variants.map((variant) => encodeText(plain(variant, step.name), encoding));
    } else if (step.name === 'base64' || step.name === 'base64offset') {
      variants = variants.flatMap((variant) => {
        const bytes = Buffer.isBuffer(variant)
          ? variant
          : encodeText(plain(variant, step.name), 'utf8');
        return step.name === 'base64'
          ? [plainString(base64(bytes))]
          : base64Offsets(bytes).map(plainString);
      });
    } else {
      variants = variants.flatMap((variant) => {
        const value = variant as SigmaString;
        if (step.name === 'windash') return windash(value, scalar.line, field);
        const before = step.name !== 'startswith';
        const after = step.name !== 'endswith';
        return [withWildcards(value, before, after)];
      });
    }
    if (variants.length > MAX_VARIANTS)
      refuse(scalar.line, `the value of ${field} expands to more than ${MAX_VARIANTS} spellings`);
  }
  return variants as SigmaString[];
}

function windash(value: SigmaString, line: number, field: string): SigmaString[] {
  let out: SigmaString[] = [[]];
  for (const part of value) {
    const spellings = typeof part === 'string' ? windashVariants(part, MAX_VARIANTS) : [part];
    if (spellings === null) refuse(line, `the value of ${field} has too many dashes for windash`);
    out = out.flatMap((prefix) => spellings.map((spelling) => [...prefix, spelling]));
    if (out.length > MAX_VARIANTS)
      refuse(line, `the value of ${field} has too many dashes for windash`);
  }
  return out;
}

/** `(?i)` at the start of a pattern, which JavaScript lacks: read as flags. */
function inlineFlags(pattern: string): { pattern: string; flags: string } {
  const match = /^\(\?([ims]+)\)/.exec(pattern);
  return match
    ? { pattern: pattern.slice(match[0].length), flags: match[1]! }
    : { pattern, flags: '' };
}

function regexItem(
  field: string,
  vigil: string,
  plan: Extract<ModifierPlan, { kind: 'regex' }>,
  value: SigmaScalar,
): Expr {
  if (typeof value.value !== 'string')
    refuse(value.line, `the "re" value of ${field} must be text`);
  const inline = inlineFlags(value.value);
  const flags = [...new Set([...plan.flags, ...inline.flags])].join('');
  const body =
    plan.anchor === 'start'
      ? `^(?:${inline.pattern})`
      : plan.anchor === 'end'
        ? `(?:${inline.pattern})$`
        : inline.pattern;
  const problem = regexProblem(body, flags);
  if (problem !== null)
    refuse(value.line, `the regular expression of ${field} cannot run in Vigil: ${problem}`);
  return { test: { field: vigil, matches: flags ? { pattern: body, flags } : { pattern: body } } };
}

function numberOf(value: SigmaScalar, field: string): number {
  const number = typeof value.value === 'number' ? value.value : Number(text(value.value));
  if (
    typeof value.value === 'boolean' ||
    value.value === null ||
    text(value.value).trim() === '' ||
    !Number.isFinite(number)
  ) {
    refuse(value.line, `the value "${text(value.value)}" of ${field} is not a number`);
  }
  return number;
}

/** One item on a Vigil rule field (a column or attributes.<key>). */
function fieldItem(
  field: string,
  vigil: string,
  plan: ModifierPlan,
  values: SigmaScalar[],
  all: boolean,
  line: number,
): Expr {
  const kind = resolveField(vigil)?.kind;
  if (!kind) throw new Error(`The Sigma mapping names "${vigil}", which is not a rule field.`);
  const link = all ? and : or;
  if (plan.kind === 'exists') {
    return link(
      values.map((value) => {
        if (typeof value.value !== 'boolean')
          refuse(value.line, `"exists" takes true or false (${field})`);
        return { test: { field: vigil, isNull: !value.value } };
      }),
    );
  }
  if (values.length === 1 && values[0]!.value === null) {
    if (plan.kind !== 'string' || plan.steps.length > 0 || plan.cased) {
      refuse(line, `null takes no modifier (${field}); it means the field is missing`);
    }
    return { test: { field: vigil, isNull: true } };
  }
  if (kind === 'number') {
    if (plan.kind === 'compare') {
      return link(
        values.map((value) => ({
          test: { field: vigil, [plan.comparison]: numberOf(value, field) },
        })),
      );
    }
    if (plan.kind !== 'string' || plan.steps.length > 0 || plan.cased) {
      refuse(
        line,
        `${field} holds a number in Vigil; only plain values and gt, gte, lt, lte apply to it`,
      );
    }
    const numbers = values.map((value) => numberOf(value, field));
    if (all) return and(numbers.map((n) => ({ test: { field: vigil, eq: n } })));
    return {
      test:
        numbers.length === 1 ? { field: vigil, eq: numbers[0]! } : { field: vigil, in: numbers },
    };
  }
  if (kind !== 'text') refuse(line, `${field} cannot be tested by a Sigma rule in Vigil`);
  switch (plan.kind) {
    case 'compare':
      return refuse(
        line,
        `the modifier "${plan.comparison}" needs a number, but ${field} is text in Vigil`,
      );
    case 'regex':
      return link(values.map((value) => regexItem(field, vigil, plan, value)));
    case 'cidr': {
      const networks = values.map((value) => {
        const network = text(value.value);
        if (parseNetwork(network) === null)
          refuse(value.line, `"${network}" is not an IPv4 or IPv6 network (${field}|cidr)`);
        return network;
      });
      return link(
        all
          ? networks.map((n) => ({ test: { field: vigil, cidr: [n] } }))
          : [{ test: { field: vigil, cidr: networks } }],
      );
    }
    default: {
      const perValue = values.map((value) => stringVariants(value, plan.steps, field));
      if (all)
        return and(perValue.map((variants) => textValueTests(vigil, variants, plan.cased, line)));
      return textValueTests(vigil, perValue.flat(), plan.cased, line);
    }
  }
}

/**
 * `EventID: 4104`: the Windows parser writes the event id first in the `action` of the kinds it
 * maps ("4104 ScriptBlock") and after the log's name in that of generic events ("Sysmon 7 image
 * load", "Security 4658 handle to an object closed", "PowerShell 4105", "System 7040").
 */
function eventIdItem(
  field: string,
  plan: ModifierPlan,
  values: SigmaScalar[],
  all: boolean,
  line: number,
): Expr {
  if (plan.kind !== 'string' || plan.steps.length > 0) {
    refuse(line, `${field} only takes plain event numbers in Vigil`);
  }
  const ids = [...new Set(values.map((value) => Math.trunc(numberOf(value, field))))];
  const test = (some: number[]): Expr =>
    or([
      {
        test: {
          field: 'action',
          startsWithAny: some.flatMap((id) => [`${id} `, `Sysmon ${id} `, `Security ${id} `]),
        },
      },
      { test: { field: 'action', endsWithAny: some.map((id) => ` ${id}`) } },
    ]);
  return all ? and(ids.map((id) => test([id]))) : test(ids);
}

/** A field whose possible values the log source fixes: true for those, false for the rest. */
function constantItem(
  field: string,
  known: readonly string[],
  plan: ModifierPlan,
  values: SigmaScalar[],
  all: boolean,
  line: number,
): Expr {
  if (plan.kind !== 'string' || plan.steps.length > 0) {
    refuse(line, `${field} only takes plain values in Vigil (${known.join(', ')})`);
  }
  const link = all ? and : or;
  return link(values.map((value) => ({ always: known.includes(text(value.value).toLowerCase()) })));
}

/** A keyword is searched for anywhere in the message: a substring unless the rule says otherwise. */
function keywordPlan(plan: ModifierPlan): ModifierPlan {
  if (plan.kind !== 'string') return plan;
  const positioned = plan.steps.some((step) =>
    ['contains', 'startswith', 'endswith'].includes(step.name),
  );
  return positioned ? plan : { ...plan, steps: [...plan.steps, { name: 'contains' }] };
}

/**
 * One `Field|modifiers: value(s)` of a selection, as an expression on Vigil's fields. The
 * field must have a mapping for the log source (field-mapping.ts); values are OR-linked, or
 * AND-linked with `all`; `neq` negates the item. Keywords (values without a field) search the
 * log source's message field, where it has one, as substrings.
 */
export function compileItem(
  key: string,
  line: number,
  node: SigmaNode,
  logsource: LogsourceMapping,
): Expr {
  const parsed = parseKey(key, line);
  const keywords = parsed.field === '';
  const field = keywords ? 'keywords' : parsed.field;
  const target = keywords ? (logsource.keywords ?? null) : fieldTarget(logsource, parsed.field);
  if (target === null && keywords) {
    refuse(
      line,
      `keyword searches (values without a field) are not supported for logsource ${logsource.name}: Vigil has no single field holding the whole event; name the field`,
    );
  }
  if (target === null) {
    refuse(line, `the field "${parsed.field}" has no mapping for logsource ${logsource.name}`);
  }
  const values = valuesOf(node, field);
  const plan = keywords ? keywordPlan(parsed.plan) : parsed.plan;
  let expr: Expr;
  if (typeof target === 'string') expr = fieldItem(field, target, plan, values, parsed.all, line);
  else if ('eventIdPrefix' in target) expr = eventIdItem(field, plan, values, parsed.all, line);
  else if ('anyOf' in target)
    expr = or(target.anyOf.map((one) => fieldItem(field, one, plan, values, parsed.all, line)));
  else expr = constantItem(field, target.constant, plan, values, parsed.all, line);
  return parsed.negated ? not(expr) : expr;
}
