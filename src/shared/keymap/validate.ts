/**
 * Keymap validation: everything that would make a binding silently never work, or work in a
 * surprising way, reported as sentences a keymap author can act on. The unit tests run it over
 * every shipped keymap, and the settings screen runs it over the user's rules.
 */
import { commandIds } from '../commands/command-ids';
import type { CommandRegistry } from '../commands/command-spec';
import { mayBindToKey } from '../commands/command-spec';
import type { ContextKeyDeclaration } from './context-keys';
import { contextKeys, isContextKey } from './context-keys';
import { didYouMean } from './did-you-mean';
import type { KeyBinding } from './keymap-file';
import { keymapFileSchema } from './keymap-file';
import type { CompiledBinding, KeymapLayer } from './keymap-layers';
import { compileKeyAndWhen, mergeLayers, reachableBindings } from './keymap-layers';
import type { Platform } from './key-string';
import { parseKeySequence } from './key-string';
import { parseWhen, whenIdentifiers, whenStringComparisons } from './when-clause';
import { whenClausesCanOverlap } from './when-overlap';

/** The kinds of problem validate() reports. */
export type KeymapProblemKind =
  | 'invalid-file'
  | 'missing-key'
  | 'unparsable-key'
  | 'unparsable-when'
  | 'undeclared-context-key'
  | 'unknown-context-value'
  | 'unknown-command'
  | 'palette-only-command'
  | 'bad-args'
  | 'conflict'
  | 'prefix-clash';

/** One problem: its kind, a sentence, and where it is (layer name and binding index). */
export interface KeymapProblem {
  readonly kind: KeymapProblemKind;
  readonly message: string;
  readonly layer: string;
  readonly index?: number;
}

// `mod` is Cmd on macOS and Ctrl elsewhere, so a clash can exist on one side only. Windows and
// Linux resolve `mod` alike, so checking Linux covers both.
const platforms: readonly { platform: Platform; label: string }[] = [
  { platform: 'mac', label: 'macOS' },
  { platform: 'linux', label: 'Windows and Linux' },
];

type Finding = { readonly kind: KeymapProblemKind; readonly message: string };

function describe(layer: string, index: number, rule: Pick<KeyBinding, 'key' | 'command'>) {
  const command = rule.command === '' ? '(disabled)' : rule.command;
  return `${layer} bindings[${index}] ("${rule.key ?? ''}" → ${command})`;
}

function keyFindings(binding: KeyBinding): Finding[] {
  if (binding.key === undefined) {
    if (binding.command.startsWith('-')) return [];
    const message = 'the rule has no key; only a removal rule ("-command") may leave it out.';
    return [{ kind: 'missing-key', message }];
  }
  const parsed = parseKeySequence(binding.key);
  return parsed.ok ? [] : [{ kind: 'unparsable-key', message: parsed.error }];
}

function whenFindings(when: string | undefined): Finding[] {
  if (when === undefined) return [];
  const parsed = parseWhen(when);
  if (!parsed.ok) {
    return [
      {
        kind: 'unparsable-when',
        message: `when "${when}" cannot be parsed: ${parsed.error.message}.`,
      },
    ];
  }
  const undeclared = whenIdentifiers(parsed.expression)
    .filter((name) => !isContextKey(name))
    .map((name): Finding => ({
      kind: 'undeclared-context-key',
      message: `when "${when}" uses "${name}", which is not a declared context key${didYouMean(name, Object.keys(contextKeys))}.`,
    }));
  const impossible = whenStringComparisons(parsed.expression).flatMap(({ name, value }) => {
    const declared: ContextKeyDeclaration | undefined = isContextKey(name)
      ? contextKeys[name]
      : undefined;
    if (declared?.values === undefined || declared.values.includes(value)) return [];
    const finding: Finding = {
      kind: 'unknown-context-value',
      message: `when "${when}" compares ${name} with '${value}', which ${name} never holds${didYouMean(value, declared.values)}.`,
    };
    return [finding];
  });
  return [...undeclared, ...impossible];
}

function commandFindings(binding: KeyBinding, commands: CommandRegistry): Finding[] {
  if (binding.command === '') return [];
  const removal = binding.command.startsWith('-');
  const id = removal ? binding.command.slice(1) : binding.command;
  const spec = commands.get(id);
  if (spec === undefined) {
    const suggestion = didYouMean(
      id,
      commands.all.map((known) => known.id),
    );
    return [{ kind: 'unknown-command', message: `"${id}" is not a Vigil command${suggestion}.` }];
  }
  if (removal) return [];
  const findings: Finding[] = [];
  if (!mayBindToKey(spec)) {
    const what = spec.destructive === true ? 'destructive' : 'an admin action';
    findings.push({
      kind: 'palette-only-command',
      message: `"${spec.id}" is ${what} and stays palette-only, behind its confirmation; it must not be bound to a key.`,
    });
  }
  if (spec.args === undefined) {
    if (binding.args !== undefined) {
      findings.push({
        kind: 'bad-args',
        message: `"${spec.id}" takes no args, but args are given.`,
      });
    }
    return findings;
  }
  const result = spec.args.safeParse(binding.args);
  if (!result.success) {
    const issue = result.error.issues[0];
    const path =
      issue === undefined || issue.path.length === 0 ? '' : ` at "${issue.path.join('.')}"`;
    findings.push({
      kind: 'bad-args',
      message: `the args do not fit "${spec.id}"${path}: ${issue?.message ?? 'they are invalid'}.`,
    });
  }
  return findings;
}

const describeRule = (rule: CompiledBinding) => describe(rule.layer, rule.index, rule);

function whenLabel(rule: CompiledBinding): string {
  return rule.when === undefined ? 'always' : `when "${rule.when}"`;
}

/**
 * Conflict and prefix checks between two rules on one platform. Two rules conflict when they
 * have the same key and their `when` clauses can both be true (see when-overlap.ts for what
 * counts as exclusive). A prefix clash is a rule whose key is a strict prefix of the other's,
 * both able to apply: the shorter one would never run, because the resolver waits for more.
 */
function pairFinding(a: CompiledBinding, b: CompiledBinding, label: string): Finding | null {
  const [short, long] = a.physicalKey.length <= b.physicalKey.length ? [a, b] : [b, a];
  const sameKey = short.physicalKey === long.physicalKey;
  const prefix =
    short.command !== '' &&
    long.command !== '' &&
    long.physicalKey.startsWith(`${short.physicalKey} `);
  if (!(sameKey || prefix) || !whenClausesCanOverlap(a.whenExpression, b.whenExpression)) {
    return null;
  }
  const onlyHere = a.key === b.key || !sameKey ? '' : ` on ${label}`;
  if (sameKey) {
    return {
      kind: 'conflict',
      message: `${describeRule(a)} (${whenLabel(a)}) and ${describeRule(b)} (${whenLabel(b)}) bind the same key${onlyHere} and can apply at once; make their when clauses exclusive (e.g. "!listFocus" on one side) or drop one.`,
    };
  }
  return {
    kind: 'prefix-clash',
    message: `${describeRule(short)} is a prefix of ${describeRule(long)} and both can apply at once: pressing "${short.key}" would wait for the next key, so it never runs alone. Pick another key or make their when clauses exclusive.`,
  };
}

/** Checks every pair of rules on every platform, reporting each pair once, at its later rule. */
function pairProblems(
  rulesOn: (platform: Platform) => readonly CompiledBinding[],
  include: (a: CompiledBinding, b: CompiledBinding) => boolean,
): KeymapProblem[] {
  const reported = new Set<string>();
  const problems: KeymapProblem[] = [];
  for (const { platform, label } of platforms) {
    const rules = rulesOn(platform);
    rules.forEach((a, position) => {
      for (const b of rules.slice(position + 1)) {
        const pair = `${a.layer}[${a.index}] ${b.layer}[${b.index}]`;
        if (reported.has(pair) || !include(a, b)) continue;
        const finding = pairFinding(a, b, label);
        if (finding === null) continue;
        reported.add(pair);
        problems.push({ ...finding, layer: b.layer, index: b.index });
      }
    });
  }
  return problems;
}

function compileRules(layer: KeymapLayer, platform: Platform): CompiledBinding[] {
  return layer.bindings.flatMap((binding, index) => {
    if (binding.command.startsWith('-')) return [];
    const compiled = compileKeyAndWhen(binding.key, binding.when, platform);
    if (!compiled.ok || compiled.value.key === '') return [];
    return [{ ...compiled.value, command: binding.command, layer: layer.name, index }];
  });
}

/** Problems in one layer on its own: each rule, then every pair of rules in it. */
export function validateLayer(
  layer: KeymapLayer,
  commands: CommandRegistry = commandIds,
): KeymapProblem[] {
  const ruleProblems = layer.bindings.flatMap((binding, index) => {
    const where = describe(layer.name, index, binding);
    const findings = [
      ...commandFindings(binding, commands),
      ...keyFindings(binding),
      ...whenFindings(binding.when),
    ];
    return findings.map(({ kind, message }) => ({
      kind,
      message: `${where}: ${message}`,
      layer: layer.name,
      index,
    }));
  });
  const pairs = pairProblems(
    (platform) => compileRules(layer, platform),
    () => true,
  );
  return [...ruleProblems, ...pairs];
}

/** Validates a keymap file as read from JSON: first its shape, then its rules. */
export function validateKeymapFile(
  file: unknown,
  layerName = 'keymap',
  commands: CommandRegistry = commandIds,
): KeymapProblem[] {
  const parsed = keymapFileSchema.safeParse(file);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      kind: 'invalid-file',
      layer: layerName,
      message: `${layerName}${issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : ''}: ${issue.message}.`,
    }));
  }
  return validateLayer({ ...parsed.data, name: layerName }, commands);
}

/**
 * Validates layers as the resolver will merge them: each layer on its own, then prefix clashes
 * that only appear once they are merged (a profile's `g` against the default's `g i`). Same-key
 * rules across layers are not conflicts: a later layer overriding an earlier one is the point.
 */
export function validateLayers(
  layers: readonly KeymapLayer[],
  commands: CommandRegistry = commandIds,
): KeymapProblem[] {
  const merged = pairProblems(
    (platform) => reachableBindings(mergeLayers(layers, platform).bindings),
    (a, b) => a.layer !== b.layer,
  ).filter((problem) => problem.kind === 'prefix-clash');
  return [...layers.flatMap((layer) => validateLayer(layer, commands)), ...merged];
}
