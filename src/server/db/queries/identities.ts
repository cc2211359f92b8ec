import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** An employee's join keys: id, main email, and the aliases HR gave (other emails, accounts). */
export interface EmployeeIdentity {
  id: string;
  email: string;
  aliases: string[] | null;
}

/** Every employee's id, email and aliases: the join keys of identities across sources. */
export async function listEmployeeIdentities(db: Kysely<Database>): Promise<EmployeeIdentity[]> {
  const rows = await db.selectFrom('employees').select(['id', 'email', 'aliases']).execute();
  return rows.map((row) => ({ id: row.id, email: row.email, aliases: readAliases(row.aliases) }));
}

function readAliases(value: string | null): string[] | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}
