import { createHash } from 'node:crypto';

/**
 * A stable id from the parts that identify a record, for sources whose own id is missing or
 * not unique (Okta's `uuid` repeats and is sometimes the literal "uuid"). The same parts always
 * give the same id, so re-ingesting a file is a no-op.
 */
export function stableId(prefix: string, parts: readonly unknown[]): string {
  return `${prefix}:${digest(JSON.stringify(parts))}`;
}

/**
 * A digest of a whole record (32 hex characters), to key events by the source's own id plus
 * the record: two distinct records that share an id (Okta `uuid`s repeat) are both kept, while
 * the same record read again (re-ingest) gets the same key. Records are compared as parsed, in
 * their key order, which is the file's.
 */
export function recordDigest(record: unknown): string {
  return digest(JSON.stringify(record) ?? 'undefined');
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
