/**
 * From a browser key press to a chord the resolver can match. Kept apart from the key-string
 * parser because it is the one place that knows about keyboard layouts.
 */
import type { Chord, Platform } from './key-string';
import { digits, letters, punctuationKeys, shiftedPunctuation } from './key-string';

/** The fields of a DOM `KeyboardEvent` that {@link eventToChord} reads. */
export interface KeyboardEventLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing?: boolean;
  getModifierState?(key: string): boolean;
}

const namedEventKeys: Readonly<Record<string, string>> = {
  Enter: 'enter',
  Escape: 'escape',
  Esc: 'escape',
  ' ': 'space',
  Spacebar: 'space',
  Tab: 'tab',
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
  Backspace: 'backspace',
  Delete: 'delete',
  Insert: 'insert',
  Home: 'home',
  End: 'end',
  PageUp: 'pageup',
  PageDown: 'pagedown',
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, index) => [`F${index + 1}`, `f${index + 1}`]),
  ),
};

const punctuationCodes: Readonly<Record<string, string>> = {
  Slash: '/',
  Backslash: '\\',
  BracketLeft: '[',
  BracketRight: ']',
  Equal: '=',
  Minus: '-',
  Comma: ',',
  Period: '.',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  NumpadDivide: '/',
  NumpadSubtract: '-',
  NumpadDecimal: '.',
  Space: 'space',
  NumpadEnter: 'enter',
};

/**
 * The physical chord of a key press, or null for presses that are not shortcuts (a modifier
 * alone, IME composition, AltGr text). Matching follows the character the user typed, so it is
 * layout-aware, with `code` as the fallback:
 * - named keys come from `key` (`ArrowUp` is `up`) and keep every modifier;
 * - letters come from `key`, lower-cased, and keep shift (`J` is `shift+j`);
 * - digits and unshifted punctuation come from `key` and drop shift, because a layout that
 *   needs shift to type them (`/` on a German keyboard) still means that character;
 * - US-shifted punctuation becomes shift plus its base key, so `?` is `shift+/` whatever the
 *   layout: `shift+/` and `?` are one chord;
 * - AltGr, and Option on macOS, select characters: when they type one of the above, the chord
 *   is that character without them (`[` is Option+5 on a German Mac);
 * - anything else (Option/AltGr symbols, dead keys, non-Latin letters) falls back to `code`
 *   (`KeyK`, `Digit1`, `Slash`) with the modifiers held, so macOS Option+K is `alt+k` and `j`
 *   still works on a Russian layout.
 */
export function eventToChord(event: KeyboardEventLike, platform: Platform): Chord | null {
  if (event.isComposing === true || event.key === 'Process') return null;
  const altGraph = event.getModifierState?.('AltGraph') === true;
  const held = {
    mod: false,
    ctrl: event.ctrlKey && !altGraph,
    alt: event.altKey && !altGraph,
    shift: event.shiftKey,
    meta: event.metaKey,
  };
  const named = namedEventKeys[event.key];
  if (named !== undefined) return { ...held, key: named };
  const typed = characterKey(event.key);
  if (typed !== null) {
    const alt = held.alt && platform !== 'mac';
    return { ...held, alt, key: typed.name, shift: typed.shift ?? held.shift };
  }
  if (altGraph) return null;
  const fallback = codeKey(event.code);
  return fallback === null ? null : { ...held, key: fallback };
}

function characterKey(key: string): { name: string; shift?: boolean } | null {
  if (key.length !== 1) return null;
  const lower = key.toLowerCase();
  if (letters.includes(lower)) return { name: lower };
  if (digits.includes(key) || (punctuationKeys as readonly string[]).includes(key)) {
    return { name: key, shift: false };
  }
  const base = shiftedPunctuation[key];
  return base === undefined ? null : { name: base, shift: true };
}

function codeKey(code: string): string | null {
  const letter = /^Key([A-Z])$/.exec(code)?.[1];
  if (letter !== undefined) return letter.toLowerCase();
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code)?.[1];
  if (digit !== undefined) return digit;
  return punctuationCodes[code] ?? null;
}
