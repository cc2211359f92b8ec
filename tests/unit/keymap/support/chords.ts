import type { Chord, KeySequence } from '../../../../src/shared/keymap/key-string';
import { parseChord, parseKeySequence } from '../../../../src/shared/keymap/key-string';

/** A chord from a key string, failing the test loudly when the string does not parse. */
export function chord(text: string): Chord {
  const parsed = parseChord(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** A sequence from a key string such as "g i". */
export function sequence(text: string): KeySequence {
  const parsed = parseKeySequence(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}
