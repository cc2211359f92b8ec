/** An input refused whole before any record is read: binary, not text Vigil can read. */
export class InputRefused extends Error {
  override readonly name = 'InputRefused';
}

/** The signature a binary Windows event log (.evtx) file starts with. */
const EVTX_SIGNATURE = Buffer.from('ElfFile\0', 'latin1');
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
 * Why the first bytes of an input show it is not text Vigil reads, or null. A binary .evtx is
 * named as such; anything else that looks binary in its first 4 KB (UTF-16, a zip, an image) is
 * not UTF-8 text. Refusing it whole beats quarantining every "line" of a binary file.
 */
export function binaryInputRefusal(head: Buffer): string | null {
  if (head.subarray(0, EVTX_SIGNATURE.length).equals(EVTX_SIGNATURE)) {
    return 'This is a binary Windows event log (.evtx), which Vigil does not read yet: export it as JSON lines (evtx_dump -o jsonl FILE, or Get-WinEvent | ConvertTo-Json) and send that; nothing was written.';
  }
  if (looksBinary(head.subarray(0, TEXT_PROBE_BYTES))) {
    return 'This is not text in a supported encoding: Vigil reads UTF-8 NDJSON, JSON and CSV exports (save UTF-16 files as UTF-8); nothing was written.';
  }
  return null;
}
