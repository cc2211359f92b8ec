/**
 * Key strings: `mod+shift+k`, sequences `g i`. One parser and one canonical formatter, so that
 * keymaps, the resolver, the palette hints and the `?` sheet all agree on what a key is.
 * `mod` stays abstract in key strings (Cmd on macOS, Ctrl elsewhere) and becomes a physical
 * modifier only when a keymap is built for a platform.
 */

/** The platforms whose conventions differ: `mod` and the way shortcuts are displayed. */
export type Platform = 'mac' | 'windows' | 'linux';

/** One key press with its modifiers. `key` is a canonical key name (see {@link keyNames}). */
export interface Chord {
  readonly key: string;
  readonly mod: boolean;
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  readonly meta: boolean;
}

/** A key string's chords, pressed one after another. */
export type KeySequence = readonly Chord[];

/** Parsing either succeeds or says, in a sentence, what is wrong. */
export type ParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Modifiers in canonical order: `mod+ctrl+alt+shift+meta+key`. */
export const modifierNames = ['mod', 'ctrl', 'alt', 'shift', 'meta'] as const;

/** A modifier name as written in key strings. */
export type ModifierName = (typeof modifierNames)[number];

const modifierAliases: Readonly<Record<string, ModifierName>> = {
  mod: 'mod',
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  opt: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  super: 'meta',
  win: 'meta',
};

/** Named keys that are not a single character. */
export const namedKeys = [
  'enter',
  'escape',
  'space',
  'tab',
  'up',
  'down',
  'left',
  'right',
  'backspace',
  'delete',
  'insert',
  'home',
  'end',
  'pageup',
  'pagedown',
  ...Array.from({ length: 12 }, (_, index) => `f${index + 1}`),
] as const;

/** Punctuation keys as they are typed without shift on a US keyboard. */
export const punctuationKeys = ['/', '\\', '[', ']', '=', '-', ',', '.', ';', "'", '`'] as const;

/**
 * What shift produces on a US keyboard. A key string may use either form: `?` parses as
 * `shift+/`, so `?` and `shift+/` are the same chord everywhere.
 */
export const shiftedPunctuation: Readonly<Record<string, string>> = {
  '?': '/',
  '|': '\\',
  '{': '[',
  '}': ']',
  '+': '=',
  _: '-',
  '<': ',',
  '>': '.',
  ':': ';',
  '"': "'",
  '~': '`',
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
};

/** The letter keys, lower-case. */
export const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
/** The digit keys. */
export const digits = '0123456789'.split('');

/** Every canonical key name: letters, digits, punctuation and named keys. */
export const keyNames: readonly string[] = [
  ...letters,
  ...digits,
  ...punctuationKeys,
  ...namedKeys,
];

const keyNameSet = new Set(keyNames);

const keyAliases: Readonly<Record<string, string>> = {
  esc: 'escape',
  return: 'enter',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
  del: 'delete',
  ins: 'insert',
  pgup: 'pageup',
  pgdn: 'pagedown',
  backslash: '\\',
  slash: '/',
  plus: 'shift+=',
};

const keyHelp =
  "a letter, a digit, one of / \\ [ ] = - , . ; ' ` (or a shifted one such as ?), or a named key " +
  '(enter, escape, space, tab, up, down, left, right, backspace, delete, home, end, pageup, pagedown, f1-f12)';

/** Parses one chord such as `mod+shift+k`, `?` or `ctrl+-`. Letters are case-insensitive. */
export function parseChord(text: string): ParseResult<Chord> {
  const source = text.trim();
  if (source === '') return { ok: false, error: 'A chord is empty: write a key such as "k".' };
  // `+` is the separator, so the plus key itself is written `shift+=` (or `plus`).
  const parts = source.toLowerCase().split('+');
  if (parts.some((part) => part === '')) {
    return {
      ok: false,
      error: `"${source}" has an empty part around "+": join modifiers and one key like "mod+shift+k" (write "+" as "shift+=").`,
    };
  }
  const keyPart = parts[parts.length - 1] ?? '';
  const modifiers = new Set<ModifierName>();
  for (const part of parts.slice(0, -1)) {
    const modifier = modifierAliases[part];
    if (modifier === undefined) {
      const what = keyNameSet.has(part) || part in keyAliases ? 'a key' : 'not a modifier';
      return {
        ok: false,
        error: `"${part}" in "${source}" is ${what}: only the last part of a chord is a key, and the others must be mod, ctrl, alt, shift or meta (use a space for a sequence, as in "g i").`,
      };
    }
    if (modifiers.has(modifier)) {
      return { ok: false, error: `"${source}" names the modifier "${modifier}" twice.` };
    }
    modifiers.add(modifier);
  }
  if (modifierAliases[keyPart] !== undefined) {
    return {
      ok: false,
      error: `"${source}" ends with the modifier "${keyPart}": a chord must end with a key, as in "${keyPart}+k".`,
    };
  }
  const key = resolveKeyName(keyPart);
  if (key === null) {
    return {
      ok: false,
      error: `"${keyPart}" in "${source}" is not a key Vigil knows: use ${keyHelp}.`,
    };
  }
  if (key.shift) modifiers.add('shift');
  return {
    ok: true,
    value: {
      key: key.name,
      mod: modifiers.has('mod'),
      ctrl: modifiers.has('ctrl'),
      alt: modifiers.has('alt'),
      shift: modifiers.has('shift'),
      meta: modifiers.has('meta'),
    },
  };
}

function resolveKeyName(part: string): { name: string; shift: boolean } | null {
  const aliased = keyAliases[part] ?? part;
  if (aliased.startsWith('shift+')) return { name: aliased.slice('shift+'.length), shift: true };
  if (keyNameSet.has(aliased)) return { name: aliased, shift: false };
  const base = shiftedPunctuation[aliased];
  return base === undefined ? null : { name: base, shift: true };
}

/** Parses a key string: one or more chords separated by spaces (`g i`, `ctrl+k ctrl+s`). */
export function parseKeySequence(text: string): ParseResult<KeySequence> {
  const source = text.trim();
  if (source === '') {
    return { ok: false, error: 'The key is empty: write a key string such as "mod+k" or "g i".' };
  }
  const chords: Chord[] = [];
  for (const part of source.split(/\s+/)) {
    const chord = parseChord(part);
    if (!chord.ok) return chord;
    chords.push(chord.value);
  }
  return { ok: true, value: chords };
}

/** The canonical key string of a chord: modifiers in {@link modifierNames} order, then the key. */
export function chordToString(chord: Chord): string {
  const held = modifierNames.filter((name) => chord[name]);
  return [...held, chord.key].join('+');
}

/** The canonical key string of a sequence, chords separated by one space. */
export function sequenceToString(sequence: KeySequence): string {
  return sequence.map(chordToString).join(' ');
}

/** The canonical form of a key string (`Shift+Mod+K` becomes `mod+shift+k`, `?` becomes `shift+/`). */
export function normalizeKeyString(text: string): ParseResult<string> {
  const parsed = parseKeySequence(text);
  return parsed.ok ? { ok: true, value: sequenceToString(parsed.value) } : parsed;
}

/** Replaces `mod` by the platform's modifier: Cmd (meta) on macOS, Ctrl elsewhere. */
export function toPhysicalChord(chord: Chord, platform: Platform): Chord {
  if (!chord.mod) return chord;
  return platform === 'mac'
    ? { ...chord, mod: false, meta: true }
    : { ...chord, mod: false, ctrl: true };
}

/** True when a chord needs no modifier other than shift and types a character (WCAG 2.1.4). */
export function isCharacterChord(chord: Chord): boolean {
  const characterKey = chord.key.length === 1;
  return characterKey && !chord.mod && !chord.ctrl && !chord.alt && !chord.meta;
}

/**
 * Guesses the platform from `navigator.userAgentData.platform`, `navigator.platform` or the
 * user agent, whichever the caller has; the shared code never touches `navigator` itself.
 */
export function detectPlatform(platformText: string): Platform {
  if (/mac|darwin|iphone|ipad|ipod/i.test(platformText)) return 'mac';
  if (/win/i.test(platformText)) return 'windows';
  return 'linux';
}
