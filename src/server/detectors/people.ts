import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { presentEmployeeRef } from '../presenters/employee';

/** Employees by email, so a finding can name a colleague through the presenter. */
export interface PeopleDirectory {
  /** Whether the address belongs to an employee. */
  isEmployee(email: string): boolean;
  /** "Full Name <email>" for an employee (through the presenter), the address otherwise. */
  label(email: string): string;
}

/** Looks up the employees among these addresses. */
export async function peopleDirectory(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<PeopleDirectory> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const found = new Map<string, { id: string; fullName: string; email: string }>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('employees')
      .select(['id', 'full_name', 'email', 'department', 'title'])
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', wanted.slice(i, i + 500)))
      .execute();
    for (const row of rows) {
      const ref = presentEmployeeRef({
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        department: row.department,
        title: row.title,
      });
      found.set(row.email.toLowerCase(), ref);
    }
  }
  return {
    isEmployee: (email) => found.has(email.toLowerCase()),
    label: (email) => {
      const ref = found.get(email.toLowerCase());
      return ref ? `${ref.fullName} <${ref.email}>` : email;
    },
  };
}
