import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/** The details the audit screen filters by: who an entry is about, and its case. */
const KEYS = ['employeeId', 'subjectEmployeeId', 'investigationId'] as const;

/**
 * Indexes on the audit log's details, so the audit screen's person and case filters seek
 * instead of reading the whole log (src/server/db/queries/audit.ts writes the same expressions).
 * Frozen.
 */
export function auditDetailIndexesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const key of KEYS) {
        const expression =
          dialect === 'postgres'
            ? sql`(details ->> ${sql.lit(key)})`
            : sql`json_extract(details, ${sql.lit(`$.${key}`)})`;
        await sql`create index ${sql.id(`audit_log_detail_${key.toLowerCase()}`)} on audit_log (${expression})`.execute(
          db,
        );
      }
    },
  };
}
