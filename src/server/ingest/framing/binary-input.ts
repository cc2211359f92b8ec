import { fileHeaderProblem, isEvtx } from './evtx/evtx-layout';

/** An input refused whole before any record is read: binary, not text Vigil can read. */
export class InputRefused extends Error {
  override readonly name = 'InputRefused';
}

/** How much of the head is searched for NUL bytes, which no UTF-8 text export holds. */
const TEXT_PROBE_BYTES = 4096;

/**
 * A UTF-16 byte-order mark, or NUL bytes in more than one byte of 16 (UTF-16 text has one in
 * two, binary formats many): a stray NUL inside a text record is that record's problem (it is
 * quarantined, escaped), not the file's.
 */
function looksBinary(probe: Buffer): boolean {
  if (
    probe.length >= 2 &&
    ((probe[0] === 0xff && probe[1] === 0xfe) || (probe[0] === 0xfe && probe[1] === 0xff))
  ) {
    return true;
  }
  let nul = 0;
  for (const byte of probe) if (byte === 0) nul += 1;
  return nul * 16 > probe.length;
}

/**
 * Why the first bytes of an input show it is not an input Vigil reads, or null. A binary .evtx
 * (by its signature) is read when its file header is sound and refused with the header's problem
 * otherwise; anything else that looks binary in its first 4 KB (UTF-16, a zip, an image) is not
 * UTF-8 text. Refusing it whole beats quarantining every "line" of a binary file.
 */
export function binaryInputRefusal(head: Buffer): string | null {
  if (isEvtx(head)) {
    const problem = fileHeaderProblem(head);
    return problem === null ? null : evtxRefusal(problem);
  }
  if (looksBinary(head.subarray(0, TEXT_PROBE_BYTES))) {
    return 'This is not text in a supported encoding: Vigil reads UTF-8 NDJSON, JSON and CSV exports (save UTF-16 files as UTF-8); nothing was written.';
  }
  return null;
}

/** The sentence refusing a .evtx file whose header is unusable. */
export function evtxRefusal(problem: string): string {
  return `This .evtx file cannot be read because ${problem}; nothing was written.`;
}
