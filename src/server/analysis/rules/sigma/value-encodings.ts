/** The text encodings Sigma applies before base64 (`wide` is `utf16le`). */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf16';

/**
 * The bytes of a text in an encoding. `utf16` is little-endian with the byte order mark
 * FF FE, as the modifiers appendix shows (`cmd` > `FF FE 63 00 6d 00 64 00`).
 */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === 'utf8') return Buffer.from(text, 'utf8');
  const le = Buffer.from(text, 'utf16le');
  if (encoding === 'utf16le') return le;
  if (encoding === 'utf16') return Buffer.concat([Buffer.from([0xff, 0xfe]), le]);
  return Buffer.from(le).swap16();
}

/** `base64`: the bytes as one base64 string. */
export function base64(bytes: Buffer): string {
  return bytes.toString('base64');
}

const START_OFFSETS = [0, 2, 3] as const;
const END_OFFSETS = [undefined, -3, -2] as const;

/**
 * `base64offset`: the three base64 strings the bytes can appear as inside a longer encoded
 * text, depending on their offset modulo 3, with the unstable first and last characters cut
 * off (pySigma's SigmaBase64OffsetModifier, which the specification defers to).
 */
export function base64Offsets(bytes: Buffer): string[] {
  return [0, 1, 2].map((shift) => {
    const encoded = Buffer.concat([Buffer.alloc(shift, 0x20), bytes]).toString('base64');
    const end = END_OFFSETS[(bytes.length + shift) % 3];
    return encoded.slice(START_OFFSETS[shift], end);
  });
}

/** The characters `windash` lets stand for each other: -, /, en dash, em dash, horizontal bar. */
export const WINDASH_CHARACTERS = ['-', '/', '\u2013', '\u2014', '\u2015'] as const;

/** A dash or slash that begins a word after a non-word position: a command-line flag. */
const FLAG_DASH = /\B[-/]\b/g;

/**
 * `windash`: every spelling of the text where each flag dash (`-a`, `/a`) is written with any
 * of the five characters, like pySigma's SigmaWindowsDashModifier. Returns null when that
 * would be more than `limit` spellings.
 */
export function windashVariants(text: string, limit: number): string[] | null {
  const positions = [...text.matchAll(FLAG_DASH)].map((match) => match.index);
  if (WINDASH_CHARACTERS.length ** positions.length > limit) return null;
  let variants = [text];
  for (const position of positions) {
    variants = variants.flatMap((variant) =>
      WINDASH_CHARACTERS.map((c) => variant.slice(0, position) + c + variant.slice(position + 1)),
    );
  }
  return variants;
}
