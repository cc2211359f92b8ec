import type { Kysely } from 'kysely';

import type { Database, EmployeeRow } from '../../schema';

/** Employees whose address is among these (lower-case), keyed by that address. */
export async function employeesByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Map<string, EmployeeRow>> {
  const out = new Map<string, EmployeeRow>();
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('employees')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', wanted.slice(i, i + 500)))
      .execute();
    for (const row of rows) out.set(row.email.toLowerCase(), row);
  }
  return out;
}
