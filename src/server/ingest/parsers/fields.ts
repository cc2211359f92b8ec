/**
 * Reading loosely typed records. Sources drift: Panther lower-cases keys (`eventtype`), Elastic
 * turns numbers into strings (`"RecordType": "6"`), Okta writes the string "null". These
 * readers absorb that drift so each parser states only what a field means.
 */

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A field of an object by name; when the exact key is absent, the first key equal to it
 * ignoring case. Undefined when the value is not an object or has no such key.
 */
export function field(value: unknown, name: string): unknown {
  if (!isObject(value)) return undefined;
  if (Object.hasOwn(value, name)) return value[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(value)) {
    if (key.toLowerCase() === lower) return value[key];
  }
  return undefined;
}

/** A nested field: `at(record, 'client', 'geographicalContext', 'city')`. */
export function at(value: unknown, ...names: string[]): unknown {
  let current = value;
  for (const name of names) {
    current = field(current, name);
    if (current === undefined) return undefined;
  }
  return current;
}

const NULL_WORDS = new Set(['null', 'undefined']);

/**
 * Text of a value: trimmed non-empty strings, and numbers as strings (ids often drift between
 * the two). Empty strings and placeholders such as "null" are null.
 */
export function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.length === 0 || NULL_WORDS.has(trimmed.toLowerCase())) return null;
    return trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** A whole number from a number or a numeric string; null otherwise. */
export function integer(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/** A boolean from a boolean or the strings true/false (any case); null otherwise. */
export function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return null;
}

/** The value as a list: arrays as they are, a single value as a list of one, nothing as []. */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  return [value];
}

/** Texts of a list, or of a string split on `;` or `,`. */
export function textList(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(/[;,]/) : list(value);
  const out: string[] = [];
  for (const item of items) {
    const value = text(item);
    if (value !== null) out.push(value);
  }
  return out;
}

/** The first argument that is non-null text. */
export function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const result = text(value);
    if (result !== null) return result;
  }
  return null;
}

/** The first of several fields that is present and not null, with the name it was found under. */
export function firstField(
  value: unknown,
  names: readonly string[],
): { name: string; value: unknown } | null {
  for (const name of names) {
    const found = field(value, name);
    if (found !== undefined && found !== null) return { name, value: found };
  }
  return null;
}

/**
 * A table entry by a key that came from a record. Plain indexing would return inherited
 * members for keys such as `__proto__` or `constructor`; this only returns the table's own.
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
