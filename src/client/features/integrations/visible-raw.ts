import type { QuarantinedRecord } from '../../../shared/schemas/quarantine';

// C0 controls and DEL, except tab and line feed: invisible or harmful on screen (a NUL can end
// a string early, ESC starts terminal sequences when the text is copied out).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const escape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The record's text as it was read: the server keeps a JSON string literal when it must. */
function originalText(record: Pick<QuarantinedRecord, 'raw' | 'rawEncoding'>): string {
  if (record.rawEncoding !== 'json') return record.raw;
  try {
    const text: unknown = JSON.parse(record.raw);
    return typeof text === 'string' ? text : record.raw;
  } catch {
    return record.raw;
  }
}

/**
 * A quarantined record's raw text as it can be shown: a NUL, other control characters (but
 * tab and line feed) and a lone surrogate (half of a character) are written as `\uXXXX`, so
 * they read as what they are and never cut or garble the page. React then escapes the markup:
 * a record is never HTML.
 */
export function visibleRaw(record: Pick<QuarantinedRecord, 'raw' | 'rawEncoding'>): string {
  return originalText(record).replace(CONTROL, escape).replace(LONE_SURROGATE, escape);
}

/** The first line of a record, cut for a table cell. */
export function rawPreview(record: Pick<QuarantinedRecord, 'raw' | 'rawEncoding'>): string {
  const text = visibleRaw(record).replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** A size in bytes as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
