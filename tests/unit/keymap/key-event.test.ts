import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { KeyboardEventLike } from '../../../src/shared/keymap/key-event';
import { eventToChord } from '../../../src/shared/keymap/key-event';
import type { Chord, Platform } from '../../../src/shared/keymap/key-string';
import {
  chordToString,
  digits,
  letters,
  punctuationKeys,
  shiftedPunctuation,
} from '../../../src/shared/keymap/key-string';

function press(
  key: string,
  code: string,
  held: Partial<Omit<KeyboardEventLike, 'key' | 'code'>> = {},
  platform: Platform = 'linux',
): string | null {
  const event: KeyboardEventLike = {
    key,
    code,
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    metaKey: false,
    ...held,
  };
  const result = eventToChord(event, platform);
  return result === null ? null : chordToString(result);
}

describe('key presses to chords', () => {
  it('matches letters by the character typed, keeping shift', () => {
    expect(press('j', 'KeyJ')).toBe('j');
    expect(press('J', 'KeyJ', { shiftKey: true })).toBe('shift+j');
    // AZERTY: the key labelled A sits where QWERTY has Q.
    expect(press('a', 'KeyQ')).toBe('a');
    expect(press('k', 'KeyK', { metaKey: true }, 'mac')).toBe('meta+k');
  });

  it('treats ? and shift+/ as the same chord on any layout', () => {
    expect(press('?', 'Slash', { shiftKey: true })).toBe('shift+/');
    // German layout: ? is Shift+ß, on the Minus key.
    expect(press('?', 'Minus', { shiftKey: true })).toBe('shift+/');
  });

  it('drops the shift a layout needs to type a digit or plain punctuation', () => {
    // German layout: / is Shift+7.
    expect(press('/', 'Digit7', { shiftKey: true })).toBe('/');
    // AZERTY: digits are shifted.
    expect(press('1', 'Digit1', { shiftKey: true })).toBe('1');
  });

  it('falls back to code when modifiers or the layout produce another character', () => {
    expect(press('˚', 'KeyK', { altKey: true }, 'mac')).toBe('alt+k');
    expect(press('÷', 'Slash', { altKey: true }, 'mac')).toBe('alt+/');
    expect(press('о', 'KeyJ')).toBe('j');
    expect(press('Dead', 'Quote')).toBe("'");
  });

  it('lets Option on macOS and AltGr elsewhere select characters', () => {
    // German Mac: [ is Option+5.
    expect(press('[', 'Digit5', { altKey: true }, 'mac')).toBe('[');
    const altGraph = {
      ctrlKey: true,
      altKey: true,
      getModifierState: (k: string) => k === 'AltGraph',
    };
    expect(press('{', 'Digit7', altGraph, 'windows')).toBe('shift+[');
    expect(press('ą', 'KeyA', altGraph, 'windows')).toBeNull();
  });

  it('names special keys and keeps their modifiers', () => {
    expect(press('ArrowDown', 'ArrowDown', { shiftKey: true })).toBe('shift+down');
    expect(press(' ', 'Space')).toBe('space');
    expect(press('Enter', 'Enter', { metaKey: true }, 'mac')).toBe('meta+enter');
    expect(press('ArrowLeft', 'ArrowLeft', { altKey: true }, 'mac')).toBe('alt+left');
    expect(press('F2', 'F2')).toBe('f2');
  });

  it('ignores modifier-only presses and IME composition', () => {
    expect(press('Shift', 'ShiftLeft', { shiftKey: true })).toBeNull();
    expect(press('Process', 'KeyJ')).toBeNull();
    expect(press('j', 'KeyJ', { isComposing: true })).toBeNull();
  });

  it('recognises every chord typed on a US keyboard (property)', () => {
    const shiftedByBase = Object.fromEntries(
      Object.entries(shiftedPunctuation).map(([shifted, base]) => [base, shifted]),
    );
    const punctuationCodes: Record<string, string> = {
      '/': 'Slash',
      '\\': 'Backslash',
      '[': 'BracketLeft',
      ']': 'BracketRight',
      '=': 'Equal',
      '-': 'Minus',
      ',': 'Comma',
      '.': 'Period',
      ';': 'Semicolon',
      "'": 'Quote',
      '`': 'Backquote',
    };
    const typed: fc.Arbitrary<Chord> = fc.record({
      key: fc.constantFrom(...letters, ...digits, ...punctuationKeys),
      mod: fc.constant(false),
      ctrl: fc.boolean(),
      alt: fc.boolean(),
      shift: fc.boolean(),
      meta: fc.boolean(),
    });
    fc.assert(
      fc.property(typed, (expected) => {
        const isLetter = letters.includes(expected.key);
        const key = isLetter
          ? expected.shift
            ? expected.key.toUpperCase()
            : expected.key
          : expected.shift
            ? (shiftedByBase[expected.key] ?? '')
            : expected.key;
        const code = isLetter
          ? `Key${expected.key.toUpperCase()}`
          : digits.includes(expected.key)
            ? `Digit${expected.key}`
            : (punctuationCodes[expected.key] ?? '');
        const held = {
          ctrlKey: expected.ctrl,
          altKey: expected.alt,
          shiftKey: expected.shift,
          metaKey: expected.meta,
        };
        expect(press(key, code, held)).toBe(chordToString(expected));
      }),
    );
  });
});
