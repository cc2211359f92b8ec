/** One piece of a Sigma string value: plain text, or the wildcard `*` (any run) or `?` (one character). */
export type SigmaPart = string | { wildcard: '*' | '?' };

/** A Sigma string value as a sequence of plain text and wildcards. */
export type SigmaString = SigmaPart[];

const ANY: SigmaPart = { wildcard: '*' };

/**
 * Reads a Sigma value the way the specification (and pySigma) does: `*` and `?` are
 * wildcards; a backslash escapes `*`, `?` and itself; a backslash before any other character
 * stays a backslash (so `C:\Windows\` needs no doubling); a trailing backslash stays.
 */
export function parseSigmaString(raw: string): SigmaString {
  const parts: SigmaString = [];
  let text = '';
  let escaped = false;
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  for (const c of raw) {
    if (escaped) {
      text += c === '*' || c === '?' || c === '\\' ? c : `\\${c}`;
      escaped = false;
    } else if (c === '\\') {
      escaped = true;
    } else if (c === '*' || c === '?') {
      flush();
      parts.push({ wildcard: c });
    } else {
      text += c;
    }
  }
  if (escaped) text += '\\';
  flush();
  return parts;
}

/** A value without wildcards, as one plain string. */
export function plainString(text: string): SigmaString {
  return text ? [text] : [];
}

/** The plain text of a value, or null when it holds a wildcard. */
export function plainText(value: SigmaString): string | null {
  return value.every((part) => typeof part === 'string') ? value.join('') : null;
}

const isAny = (part: SigmaPart | undefined) => typeof part === 'object' && part.wildcard === '*';

/** The value with `*` added in front (endswith) and/or behind (startswith), unless already there. */
export function withWildcards(value: SigmaString, before: boolean, after: boolean): SigmaString {
  const out = [...value];
  if (before && !isAny(out[0])) out.unshift(ANY);
  if (after && !isAny(out[out.length - 1])) out.push(ANY);
  return out;
}

/**
 * The shape of a value for matching: a whole value, a prefix, a suffix, a substring, "any
 * value at all" (`*`), or a pattern that needs a regular expression (inner wildcards, `?`).
 */
export type ValueShape =
  | { shape: 'equals' | 'startsWith' | 'endsWith' | 'contains'; text: string }
  | { shape: 'anything' }
  | { shape: 'pattern'; value: SigmaString };

/** Classifies a value by where its wildcards are. */
export function shapeOf(value: SigmaString): ValueShape {
  const leading = isAny(value[0]);
  const trailing = value.length > 1 && isAny(value[value.length - 1]);
  const inner = value.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  if (inner.length === 0) return leading ? { shape: 'anything' } : { shape: 'equals', text: '' };
  const text = plainText(inner);
  if (text === null) return { shape: 'pattern', value };
  if (leading && trailing) return { shape: 'contains', text };
  if (leading) return { shape: 'endsWith', text };
  if (trailing) return { shape: 'startsWith', text };
  return { shape: 'equals', text };
}

/** A regular-expression literal for plain text (every punctuation character escaped). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => `\\${c}`);
}

/** A whole-value regular expression for a value with wildcards: `*` is `.*`, `?` is `.`. */
export function wildcardRegex(value: SigmaString): string {
  const body = value
    .map((part) =>
      typeof part === 'string' ? escapeRegex(part) : part.wildcard === '*' ? '.*' : '.',
    )
    .join('');
  return `^${body}$`;
}
