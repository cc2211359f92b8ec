/**
 * Characters neither database can keep. PostgreSQL refuses NUL in text and jsonb, and refuses a
 * lone UTF-16 surrogate (half of a character, such as `"\ud800"` in JSON) in jsonb; SQLite would
 * store both but PostgreSQL could not take the data back. Every string the API receives is
 * checked against these before any schema sees it, so input is refused the same way on both
 * engines: with a 400, never a 500 or a change half-made.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const SUSPECT = /[\u0000\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a string for storage, as the end of a sentence; null when nothing is. */
export function unstorableText(text: string): string | null {
  // Most strings hold neither: one cheap scan decides.
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'contains a NUL character (\\u0000), which cannot be stored';
  if (LONE_SURROGATE.test(text)) {
    return 'contains an unpaired UTF-16 surrogate (half of a character), which cannot be stored';
  }
  return null;
}

const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/**
 * The text with what cannot be stored replaced by U+FFFD, for names the API records but does
 * not refuse over (an uploaded file's name, which the browser chose).
 */
export function storableText(text: string): string {
  return unstorableText(text) ? text.replace(UNSTORABLE, '\ufffd') : text;
}
