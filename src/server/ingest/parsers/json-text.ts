/**
 * A value that some exports hold as JSON inside a string (Sentinel and Log Analytics rows
 * serialise nested objects and arrays; Panther does the same to Box's `additional_details`):
 * the parsed object or array when the string holds one, else the value as it is.
 */
export function readJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  const first = trimmed[0];
  if (first !== '{' && first !== '[') return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}
