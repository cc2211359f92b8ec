import { describe, expect, it } from 'vitest';

import { formatChord, formatSequence } from '../../../src/shared/keymap/key-label';
import { chord, sequence } from './support/chords';

describe('shortcut labels', () => {
  it('uses Apple symbols in ⌃⌥⇧⌘ order on macOS', () => {
    expect(formatChord(chord('mod+shift+k'), 'mac')).toBe('⇧⌘K');
    expect(formatChord(chord('ctrl+alt+shift+meta+x'), 'mac')).toBe('⌃⌥⇧⌘X');
  });

  it('uses words joined by + elsewhere', () => {
    expect(formatChord(chord('mod+shift+k'), 'windows')).toBe('Ctrl+Shift+K');
    expect(formatChord(chord('meta+k'), 'windows')).toBe('Win+K');
    expect(formatChord(chord('meta+k'), 'linux')).toBe('Super+K');
  });

  it('shows the character a shifted punctuation key types', () => {
    expect(formatChord(chord('shift+/'), 'linux')).toBe('?');
    expect(formatChord(chord('?'), 'mac')).toBe('?');
    expect(formatChord(chord('mod+shift+/'), 'mac')).toBe('⌘?');
    expect(formatChord(chord('shift+j'), 'linux')).toBe('Shift+J');
  });

  it('labels named keys and sequences', () => {
    expect(formatChord(chord('mod+\\'), 'linux')).toBe('Ctrl+\\');
    expect(formatChord(chord('up'), 'mac')).toBe('↑');
    expect(formatChord(chord('escape'), 'linux')).toBe('Esc');
    expect(formatChord(chord('f5'), 'linux')).toBe('F5');
    expect(formatSequence(sequence('g i'), 'linux')).toBe('G I');
    expect(formatSequence(sequence('mod+k mod+s'), 'mac')).toBe('⌘K ⌘S');
  });
});
