/**
 * How chords look on screen. The palette, tooltips and the `?` sheet all call these, so a
 * shortcut is written once (in keymaps/) and displayed the same way everywhere.
 */
import type { Chord, KeySequence, ModifierName, Platform } from './key-string';
import { shiftedPunctuation, toPhysicalChord } from './key-string';

const macModifierSymbols: Readonly<Record<Exclude<ModifierName, 'mod'>, string>> = {
  ctrl: '⌃',
  alt: '⌥',
  shift: '⇧',
  meta: '⌘',
};

const keyLabels: Readonly<Record<string, string>> = {
  enter: 'Enter',
  escape: 'Esc',
  space: 'Space',
  tab: 'Tab',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
};

const shiftedByBase: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(shiftedPunctuation).map(([shifted, base]) => [base, shifted]),
);

/**
 * The label of a chord as Vigil shows it in the palette, tooltips and the `?` sheet:
 * `⇧⌘K` on macOS (Apple's ⌃⌥⇧⌘ order), `Ctrl+Shift+K` elsewhere. Shift plus a punctuation
 * key shows the character it types (`shift+/` shows `?`), because that is what is on the key.
 */
export function formatChord(chord: Chord, platform: Platform): string {
  const physical = toPhysicalChord(chord, platform);
  const shifted = physical.shift ? shiftedByBase[physical.key] : undefined;
  const keyLabel = shifted ?? keyLabels[physical.key] ?? physical.key.toUpperCase();
  const showShift = physical.shift && shifted === undefined;
  const held = (['ctrl', 'alt', 'shift', 'meta'] as const).filter(
    (name) => physical[name] && (name !== 'shift' || showShift),
  );
  if (platform === 'mac') {
    return [...held.map((name) => macModifierSymbols[name]), keyLabel].join('');
  }
  const words = {
    ctrl: 'Ctrl',
    alt: 'Alt',
    shift: 'Shift',
    meta: platform === 'windows' ? 'Win' : 'Super',
  };
  return [...held.map((name) => words[name]), keyLabel].join('+');
}

/** The label of a sequence: its chords' labels separated by a space (`G I`, `⌘K ⌘S`). */
export function formatSequence(sequence: KeySequence, platform: Platform): string {
  return sequence.map((chord) => formatChord(chord, platform)).join(' ');
}
