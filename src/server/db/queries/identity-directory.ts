import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/**
 * The directory's version: a counter raised by triggers on every write to employees and users
 * (migration 0021), so a person added by another process is redacted on the next reply.
 */
export async function employeeDirectoryVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('directory_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return String(row.version);
}

/** Every employee's identifiers, for the redactor. */
export async function listPersonIdentifiers(
  db: Kysely<Database>,
): Promise<Array<{ id: string; full_name: string; email: string; aliases: string | null }>> {
  return db.selectFrom('employees').select(['id', 'full_name', 'email', 'aliases']).execute();
}

/** Lower-cased addresses of Vigil's users: the watchers are shown by their accounts. */
export async function listUserEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').execute();
  return rows.map((r) => r.email.toLowerCase());
}
