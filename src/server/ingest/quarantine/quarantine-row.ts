/**
 * A record set aside while a batch is read: where it was, why, and its text. The batch's stage
 * writes it in the same transaction as the batch's events (see ../store).
 */
export interface QuarantineValues {
  /** 1-based line or element of the batch. */
  position: number;
  reason: string;
  /** The text to store (see {@link storableRaw}). */
  raw: string;
  rawEncoding: RawEncoding;
  /** UTF-8 bytes of the record before any cut. */
  rawBytes: number;
}

/** `text`: stored as read; `json`: a JSON string literal holding the text. */
export type RawEncoding = 'text' | 'json';

/** How much of one record the quarantine keeps: 1 MB, far above any real audit record. */
export const MAX_QUARANTINED_RAW_BYTES = 1024 * 1024;

/** A NUL, or half of a surrogate pair without its other half. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The record's text as it can be stored on both engines: cut at 1 MB (on a character
 * boundary), and when it holds a NUL (PostgreSQL text cannot) or a lone surrogate (not valid
 * UTF-8), written as a JSON string literal, which escapes both and reads back exactly.
 */
export function storableRaw(
  text: string,
): Pick<QuarantineValues, 'raw' | 'rawEncoding' | 'rawBytes'> {
  const rawBytes = Buffer.byteLength(text, 'utf8');
  let kept = text;
  if (rawBytes > MAX_QUARANTINED_RAW_BYTES) {
    // Cut by bytes, then drop a character the cut split (decoded as U+FFFD).
    kept = Buffer.from(text, 'utf8')
      .subarray(0, MAX_QUARANTINED_RAW_BYTES)
      .toString('utf8')
      .replace(/\ufffd$/, '');
  }
  return UNSTORABLE.test(kept)
    ? { raw: JSON.stringify(kept), rawEncoding: 'json', rawBytes }
    : { raw: kept, rawEncoding: 'text', rawBytes };
}

/** The record's text as it was read (cut at 1 MB when it was longer). */
export function originalRaw(raw: string, encoding: string): string {
  return encoding === 'json' ? (JSON.parse(raw) as string) : raw;
}

/** True when the stored text is the whole record (not cut at 1 MB). */
export function isWholeRecord(raw: string, encoding: string, rawBytes: number): boolean {
  return Buffer.byteLength(originalRaw(raw, encoding), 'utf8') === rawBytes;
}
