import { createHash } from 'node:crypto';

/**
 * The canonical form of a JSON value (RFC 8785, JSON Canonicalization Scheme): object keys
 * sorted by UTF-16 code units, no whitespace, numbers and strings as ECMAScript's JSON writes
 * them. Two parties that hold the same value get the same bytes, so a SHA-256 over them can
 * be checked by anyone with `jq -S -c` or any JCS library. `undefined` members are dropped,
 * as JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError('Canonical JSON has no form for NaN or Infinity.');
    }
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** The SHA-256 of a text's UTF-8 bytes, as lowercase hex. */
export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The SHA-256 of a JSON value's canonical form. */
export function canonicalSha256(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
