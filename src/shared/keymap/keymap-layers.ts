/**
 * Layering keymaps the VS Code way: defaults, then a profile, then the user's rules, in one
 * list where later rules win. Shared by the resolver (which matches keys against the list) and
 * the validator (which looks for clashes in it), so both see the same merged keymap.
 */
import type { KeyBinding } from './keymap-file';
import type { KeySequence, Platform } from './key-string';
import { parseKeySequence, sequenceToString, toPhysicalChord, chordToString } from './key-string';
import type { WhenExpression } from './when-clause';
import { formatWhen, parseWhen } from './when-clause';

/** A named list of rules: a keymap file or the user's rules. */
export interface KeymapLayer {
  readonly name: string;
  readonly bindings: readonly KeyBinding[];
  readonly sequenceTimeoutMs?: number;
}

/** A rule after parsing, remembering where it came from. */
export interface CompiledBinding {
  /** Canonical key string, with `mod` kept abstract (`mod+k`, `g i`). */
  readonly key: string;
  readonly sequence: KeySequence;
  /** Physical chords for the platform, joined like a key string (`meta+k` on macOS). */
  readonly physicalKey: string;
  /** Command id; '' when the rule disables its key. */
  readonly command: string;
  readonly args?: unknown;
  /** Canonical `when` text, or undefined when the rule always applies. */
  readonly when?: string;
  readonly whenExpression?: WhenExpression;
  readonly layer: string;
  /** Position of the rule in its layer, 0-based, for messages. */
  readonly index: number;
}

/** A rule the merge had to skip, and why in a sentence. validate() reports the same problems. */
export interface IgnoredBinding {
  readonly binding: KeyBinding;
  readonly layer: string;
  readonly index: number;
  readonly reason: string;
}

/** The merged list (lowest priority first) and the rules that could not be used. */
export interface MergedKeymap {
  readonly bindings: readonly CompiledBinding[];
  readonly ignored: readonly IgnoredBinding[];
}

/** Physical key string of a parsed sequence on a platform: what a key press is compared with. */
export function physicalKeyString(sequence: KeySequence, platform: Platform): string {
  return sequence.map((chord) => chordToString(toPhysicalChord(chord, platform))).join(' ');
}

type Compiled =
  | {
      readonly ok: true;
      readonly value: Omit<CompiledBinding, 'command' | 'args' | 'layer' | 'index'>;
    }
  | { readonly ok: false; readonly reason: string };

/** Parses a rule's key and `when`; a missing key gives an empty key (only removals allow it). */
export function compileKeyAndWhen(
  key: string | undefined,
  when: string | undefined,
  platform: Platform,
): Compiled {
  let parsedWhen: WhenExpression | undefined;
  if (when !== undefined && when.trim() !== '') {
    const result = parseWhen(when);
    if (!result.ok) return { ok: false, reason: `when "${when}": ${result.error.message}` };
    parsedWhen = result.expression;
  }
  const whenFields =
    parsedWhen === undefined ? {} : { when: formatWhen(parsedWhen), whenExpression: parsedWhen };
  if (key === undefined)
    return { ok: true, value: { key: '', sequence: [], physicalKey: '', ...whenFields } };
  const parsed = parseKeySequence(key);
  if (!parsed.ok) return { ok: false, reason: parsed.error };
  return {
    ok: true,
    value: {
      key: sequenceToString(parsed.value),
      sequence: parsed.value,
      physicalKey: physicalKeyString(parsed.value, platform),
      ...whenFields,
    },
  };
}

/**
 * Merges layers in order. A rule `{ command: "-x" }` removes the earlier rules for `x`, narrowed
 * to its key and its `when` when it gives them (as VS Code does); it never affects later rules.
 * A rule with command "" stays in the list: it is how a key is disabled.
 */
export function mergeLayers(layers: readonly KeymapLayer[], platform: Platform): MergedKeymap {
  let merged: CompiledBinding[] = [];
  const ignored: IgnoredBinding[] = [];
  for (const layer of layers) {
    layer.bindings.forEach((binding, index) => {
      const compiled = compileKeyAndWhen(binding.key, binding.when, platform);
      if (!compiled.ok) {
        ignored.push({ binding, layer: layer.name, index, reason: compiled.reason });
        return;
      }
      const rule = compiled.value;
      if (binding.command.startsWith('-')) {
        const target = binding.command.slice(1);
        merged = merged.filter(
          (earlier) =>
            earlier.command !== target ||
            (rule.key !== '' && earlier.physicalKey !== rule.physicalKey) ||
            (rule.when !== undefined && earlier.when !== rule.when),
        );
        return;
      }
      if (rule.key === '') {
        const reason = 'The rule has no key: only a removal rule ("-command") may leave it out.';
        ignored.push({ binding, layer: layer.name, index, reason });
        return;
      }
      const args = binding.args === undefined ? {} : { args: binding.args };
      merged.push({ ...rule, command: binding.command, ...args, layer: layer.name, index });
    });
  }
  return { bindings: merged, ignored };
}

/**
 * The merged rules that can still win somewhere: those not hidden by a later rule for the same
 * physical key that always applies (no `when`), disabling rules included.
 */
export function reachableBindings(bindings: readonly CompiledBinding[]): CompiledBinding[] {
  return bindings.filter(
    (rule, index) =>
      !bindings
        .slice(index + 1)
        .some((later) => later.physicalKey === rule.physicalKey && later.when === undefined),
  );
}
