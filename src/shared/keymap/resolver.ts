/**
 * The keymap resolver, with VS Code's semantics and none of its machinery. It is pure: the
 * caller keeps the state between key presses and passes the time, so sequences and their
 * timeout are tested without timers and the UI decides how to show "g…".
 */
import type { Chord, KeySequence, Platform } from './key-string';
import { chordToString, isCharacterChord, toPhysicalChord } from './key-string';
import type { KeymapContext } from './context-keys';
import type { CompiledBinding, IgnoredBinding, KeymapLayer } from './keymap-layers';
import { mergeLayers, reachableBindings } from './keymap-layers';
import { evaluateWhen } from './when-clause';

/** How long a started sequence waits for its next chord when no layer says otherwise. */
export const defaultSequenceTimeoutMs = 1000;

/** Options fixed for the life of a keymap. */
export interface KeymapOptions {
  readonly platform: Platform;
  /** Overrides the layers' `sequenceTimeoutMs`. */
  readonly sequenceTimeoutMs?: number;
}

/** What the caller keeps between key presses: the chords of an unfinished sequence. */
export interface KeymapState {
  readonly pending: KeySequence;
  /** When the last pending chord was pressed (the `now` passed to resolve). */
  readonly lastChordAt: number;
}

/** The state with no sequence started. */
export const idleKeymapState: KeymapState = { pending: [], lastChordAt: 0 };

/**
 * The outcome of one key press. `match`: run the command (and consume the key). `pending`:
 * consume the key and show `prefix` as "g…". `none`: no binding; `abandoned` holds the chords
 * of a sequence this key broke off, and the caller should still consume the key when it is
 * non-empty, so `g x` does not toggle a selection.
 */
export type Resolution =
  | {
      readonly kind: 'match';
      readonly command: string;
      readonly args: unknown;
      readonly binding: CompiledBinding;
      readonly state: KeymapState;
    }
  | { readonly kind: 'pending'; readonly prefix: KeySequence; readonly state: KeymapState }
  | { readonly kind: 'none'; readonly abandoned: KeySequence; readonly state: KeymapState };

/** A resolved keymap for one platform. */
export interface Keymap {
  readonly platform: Platform;
  readonly sequenceTimeoutMs: number;
  /** The merged rules, lowest priority first, after removals. */
  readonly bindings: readonly CompiledBinding[];
  /** Rules that could not be parsed; they never match. */
  readonly ignored: readonly IgnoredBinding[];
  /** Resolves one key press (a physical chord, as eventToChord gives) at time `now` (ms). */
  resolve(state: KeymapState, chord: Chord, context: KeymapContext, now: number): Resolution;
  /** The state with a timed-out sequence dropped, for clearing the "g…" indicator. */
  expire(state: KeymapState, now: number): KeymapState;
  /**
   * The bindings that trigger a command, preferred first (the rule defined last): what the
   * palette and tooltips show. With a context, only those that work in it; with args, only
   * rules with equal args (`nav.go` to one route).
   */
  bindingsFor(
    commandId: string,
    filter?: { readonly context?: KeymapContext; readonly args?: unknown },
  ): CompiledBinding[];
  /** Every binding that works in a context, in keymap order: the `?` sheet's content. */
  activeBindings(context: KeymapContext): CompiledBinding[];
}

/** True when every chord is a character key with at most shift (WCAG 2.1.4's shortcuts). */
function isCharacterOnly(binding: CompiledBinding): boolean {
  return binding.sequence.every(isCharacterChord);
}

function applies(binding: CompiledBinding, context: KeymapContext): boolean {
  if (context.singleKeyShortcutsEnabled === false && isCharacterOnly(binding)) return false;
  return binding.whenExpression === undefined || evaluateWhen(binding.whenExpression, context);
}

// Canonical JSON, so args written with keys in another order still compare equal.
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Builds a keymap from layers (defaults, then profile, then user rules). Resolution follows
 * VS Code: rules are read bottom to top and the first whose key and `when` match wins; a rule
 * with command "" wins by doing nothing. If the chords pressed so far are a strict prefix of a
 * binding that works in the current context, the press is `pending` (VS Code's "more chords
 * needed"), even when a shorter binding would match: that is why validate() reports such
 * prefix clashes. While a prefix is pending, single-key rules do not fire.
 */
export function createKeymap(layers: readonly KeymapLayer[], options: KeymapOptions): Keymap {
  const { platform } = options;
  const { bindings, ignored } = mergeLayers(layers, platform);
  const reachable = reachableBindings(bindings);
  const layerTimeout = layers.findLast((layer) => layer.sequenceTimeoutMs !== undefined);
  const sequenceTimeoutMs =
    options.sequenceTimeoutMs ?? layerTimeout?.sequenceTimeoutMs ?? defaultSequenceTimeoutMs;

  // The winning rule per physical key in a context, disabled keys included (they shadow).
  const winners = (context: KeymapContext): Map<string, CompiledBinding> => {
    const table = new Map<string, CompiledBinding>();
    for (let index = bindings.length - 1; index >= 0; index -= 1) {
      const binding = bindings[index] as CompiledBinding;
      if (!table.has(binding.physicalKey) && applies(binding, context)) {
        table.set(binding.physicalKey, binding);
      }
    }
    return table;
  };

  const activeBindings = (context: KeymapContext): CompiledBinding[] => {
    const table = winners(context);
    return bindings.filter(
      (binding) => binding.command !== '' && table.get(binding.physicalKey) === binding,
    );
  };

  const expire = (state: KeymapState, now: number): KeymapState =>
    state.pending.length > 0 && now - state.lastChordAt > sequenceTimeoutMs
      ? idleKeymapState
      : state;

  const resolve = (
    state: KeymapState,
    chord: Chord,
    context: KeymapContext,
    now: number,
  ): Resolution => {
    const { pending } = expire(state, now);
    const pressed = [...pending, toPhysicalChord(chord, platform)];
    const pressedKey = pressed.map(chordToString).join(' ');
    const active = activeBindings(context);
    if (active.some((binding) => binding.physicalKey.startsWith(`${pressedKey} `))) {
      return { kind: 'pending', prefix: pressed, state: { pending: pressed, lastChordAt: now } };
    }
    const match = active.find((binding) => binding.physicalKey === pressedKey);
    if (match === undefined) return { kind: 'none', abandoned: pending, state: idleKeymapState };
    return {
      kind: 'match',
      command: match.command,
      args: match.args,
      binding: match,
      state: idleKeymapState,
    };
  };

  const bindingsFor: Keymap['bindingsFor'] = (commandId, filter = {}) => {
    const candidates = filter.context === undefined ? reachable : activeBindings(filter.context);
    const wanted = filter.args === undefined ? undefined : stableJson(filter.args);
    return candidates
      .filter((binding) => binding.command === commandId)
      .filter((binding) => wanted === undefined || stableJson(binding.args) === wanted)
      .reverse();
  };

  return {
    platform,
    sequenceTimeoutMs,
    bindings,
    ignored,
    resolve,
    expire,
    bindingsFor,
    activeBindings,
  };
}
