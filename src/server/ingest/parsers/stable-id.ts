import { createHash } from 'node:crypto';

/**
 * A stable id from the parts that identify a record, for sources whose own id is missing or
 * not unique (Okta's `uuid` repeats and is sometimes the literal "uuid"). The same parts always
 * give the same id, so re-ingesting a file is a no-op.
 */
export function stableId(prefix: string, parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
  return `${prefix}:${digest}`;
}
