import type { Framing } from './types';

/**
 * Decides how a stream is framed from its first bytes:
 * - `[` → a JSON array;
 * - `{` → an API page (`{"entries": [...]}`) when the first object holds an array under a
 *   wrapper key, or when the first object is pretty-printed (its first line ends with `{`, `[`
 *   or `,`, which a line of NDJSON never does); otherwise NDJSON;
 * - anything else → CSV.
 * Returns null when the head is too short to tell (the caller reads more, or at the end of input
 * falls back to {@link sniffAtEnd}).
 */
export function sniffFraming(head: string, wrapperKeys: readonly string[]): Framing | null {
  const start = firstNonBlank(head);
  if (start === -1) return null;
  const first = head[start];
  if (first === '[') return 'json-array';
  if (first !== '{') return 'csv';
  return sniffObject(head, start, wrapperKeys);
}

/**
 * The framing to use when the input ended before sniffing could decide: an empty input or one
 * unfinished object, which NDJSON reports line by line.
 */
export function sniffAtEnd(head: string, wrapperKeys: readonly string[]): Framing {
  return sniffFraming(head, wrapperKeys) ?? 'ndjson';
}

function firstNonBlank(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== 0xfeff && code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) {
      return i;
    }
  }
  return -1;
}

/**
 * Walks the first object: a depth-1 key holding an array makes it a page; the first line break
 * inside it tells pretty-printed JSON from NDJSON. Null when the head ends first.
 */
function sniffObject(head: string, start: number, wrapperKeys: readonly string[]): Framing | null {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let keyStart = -1;
  let lastKey: string | null = null;
  let expectingKey = false;
  let afterColon = false;
  for (let i = start; i < head.length; i += 1) {
    const ch = head[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        if (keyStart !== -1) lastKey = head.slice(keyStart, i);
        keyStart = -1;
      }
      continue;
    }
    if (ch === '\n') return endsLikePrettyJson(head, start, i) ? 'json-wrapper' : 'ndjson';
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') continue;
    const valueStarts = depth === 1 && afterColon;
    afterColon = false;
    if (ch === '"') {
      inString = true;
      if (depth === 1 && expectingKey) keyStart = i + 1;
    } else if (ch === '{' || ch === '[') {
      if (valueStarts && ch === '[' && lastKey !== null && wrapperKeys.includes(lastKey)) {
        return 'json-wrapper';
      }
      depth += 1;
      if (depth === 1) expectingKey = true;
    } else if (ch === '}' || ch === ']') {
      depth -= 1;
      if (depth <= 0) return 'ndjson';
    } else if (ch === ':' && depth === 1) {
      expectingKey = false;
      afterColon = true;
    } else if (ch === ',' && depth === 1) {
      expectingKey = true;
    }
  }
  return null;
}

/** True when the text before a line break inside the first object ends with `{`, `[` or `,`. */
function endsLikePrettyJson(head: string, start: number, newline: number): boolean {
  for (let i = newline - 1; i >= start; i -= 1) {
    const ch = head[i];
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    return ch === '{' || ch === '[' || ch === ',';
  }
  return false;
}
