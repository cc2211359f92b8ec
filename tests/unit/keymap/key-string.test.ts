import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { Chord } from '../../../src/shared/keymap/key-string';
import {
  chordToString,
  detectPlatform,
  keyNames,
  normalizeKeyString,
  parseChord,
  parseKeySequence,
  sequenceToString,
  toPhysicalChord,
} from '../../../src/shared/keymap/key-string';
import { chord } from './support/chords';

const anyChord: fc.Arbitrary<Chord> = fc.record({
  key: fc.constantFrom(...keyNames),
  mod: fc.boolean(),
  ctrl: fc.boolean(),
  alt: fc.boolean(),
  shift: fc.boolean(),
  meta: fc.boolean(),
});

describe('key strings', () => {
  it('writes modifiers in one canonical order whatever order the author used', () => {
    expect(normalizeKeyString('Shift+Mod+K')).toEqual({ ok: true, value: 'mod+shift+k' });
    expect(normalizeKeyString('meta+shift+alt+ctrl+x')).toEqual({
      ok: true,
      value: 'ctrl+alt+shift+meta+x',
    });
  });

  it('reads sequences as chords separated by spaces', () => {
    expect(normalizeKeyString('  g   i ')).toEqual({ ok: true, value: 'g i' });
    expect(normalizeKeyString('ctrl+k ctrl+s')).toEqual({ ok: true, value: 'ctrl+k ctrl+s' });
  });

  it('treats ? and shift+/ as one chord, and likewise for the other shifted symbols', () => {
    expect(chord('?')).toEqual(chord('shift+/'));
    expect(chord(':')).toEqual(chord('shift+;'));
    expect(chord('!')).toEqual(chord('shift+1'));
    expect(chord('plus')).toEqual(chord('shift+='));
    expect(normalizeKeyString('ctrl+?')).toEqual({ ok: true, value: 'ctrl+shift+/' });
  });

  it('knows named keys, punctuation and their aliases', () => {
    for (const text of ['enter', 'escape', 'space', 'tab', 'pageup', 'f12', '\\', '[', "'", ',']) {
      expect(parseChord(text).ok, text).toBe(true);
    }
    expect(chord('esc')).toEqual(chord('escape'));
    expect(chord('ArrowUp')).toEqual(chord('up'));
    expect(chord('cmd+k')).toEqual(chord('meta+k'));
    expect(chord('option+k')).toEqual(chord('alt+k'));
    expect(chord('ctrl+-').key).toBe('-');
  });

  it('explains why a key string cannot be parsed', () => {
    const error = (text: string) => {
      const result = parseKeySequence(text);
      return result.ok ? '' : result.error;
    };
    expect(error('')).toMatch(/empty/);
    expect(error('ctrl+')).toMatch(/empty part around "\+"/);
    expect(error('ctrl+foo')).toMatch(/"foo" in "ctrl\+foo" is not a key Vigil knows/);
    expect(error('k+j')).toMatch(/"k" in "k\+j" is a key: only the last part/);
    expect(error('hyper+k')).toMatch(/"hyper" in "hyper\+k" is not a modifier/);
    expect(error('ctrl+shift')).toMatch(/ends with the modifier "shift"/);
    expect(error('ctrl+ctrl+k')).toMatch(/names the modifier "ctrl" twice/);
    expect(error('g ctrl+')).toMatch(/empty part/);
  });

  it('turns mod into Cmd on macOS and Ctrl elsewhere', () => {
    expect(chordToString(toPhysicalChord(chord('mod+k'), 'mac'))).toBe('meta+k');
    expect(chordToString(toPhysicalChord(chord('mod+k'), 'windows'))).toBe('ctrl+k');
    expect(chordToString(toPhysicalChord(chord('mod+k'), 'linux'))).toBe('ctrl+k');
  });

  it('guesses the platform from navigator strings', () => {
    expect(detectPlatform('MacIntel')).toBe('mac');
    expect(detectPlatform('darwin')).toBe('mac');
    expect(detectPlatform('Win32')).toBe('windows');
    expect(detectPlatform('Linux x86_64')).toBe('linux');
  });

  it('gives back any chord after formatting and parsing it (property)', () => {
    fc.assert(
      fc.property(anyChord, (generated) => {
        expect(parseChord(chordToString(generated))).toEqual({ ok: true, value: generated });
      }),
    );
  });

  it('gives back any sequence after formatting and parsing it (property)', () => {
    fc.assert(
      fc.property(fc.array(anyChord, { minLength: 1, maxLength: 4 }), (generated) => {
        expect(parseKeySequence(sequenceToString(generated))).toEqual({
          ok: true,
          value: generated,
        });
      }),
    );
  });
});
