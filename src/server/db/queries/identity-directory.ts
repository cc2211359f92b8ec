import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** What tells whether the employee directory changed: its size and latest update. */
export async function employeeDirectoryVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('employees')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${Number(row.at ?? 0)}`;
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
