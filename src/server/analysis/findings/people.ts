import type { Kysely } from 'kysely';

import { employeesByEmail } from '../../db/queries/findings/employees-by-email';
import type { Database } from '../../db/schema';
import { presentEmployeeRef } from '../../presenters/employee';
import type { IdentityPolicy } from '../../privacy/identity-policy';

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
  policy: IdentityPolicy,
): Promise<PeopleDirectory> {
  const found = new Map<string, { id: string; fullName: string; email: string }>();
  for (const [email, row] of await employeesByEmail(db, emails)) {
    found.set(
      email,
      presentEmployeeRef(
        {
          id: row.id,
          fullName: row.full_name,
          email: row.email,
          department: row.department,
          title: row.title,
        },
        policy,
      ),
    );
  }
  return {
    isEmployee: (email) => found.has(email.toLowerCase()),
    label: (email) => {
      const ref = found.get(email.toLowerCase());
      return ref ? `${ref.fullName} <${ref.email}>` : email;
    },
  };
}
