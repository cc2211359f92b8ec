import type { EmployeeRef } from '../../shared/schemas/employees';
import type { HuntRow } from '../../shared/schemas/hunt';
import { presentEvent } from './event';
import type { HuntEventRow } from '../db/queries/hunt-events';
import type { EmployeeRow } from '../db/schema';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { presentEmployeeRef } from './employee';

/** An event a hunt found, as a timeline row with its person through the one presenter. */
export function presentHuntRow(
  row: HuntEventRow,
  people: ReadonlyMap<string, EmployeeRow>,
  policy: IdentityPolicy,
): HuntRow {
  return {
    ...presentEvent(row),
    person: row.employee_id ? presentPersonOf(row.employee_id, people, policy) : null,
  };
}

/** The person with this id among `people`, through the one presenter; null when unknown. */
export function presentPersonOf(
  id: string,
  people: ReadonlyMap<string, EmployeeRow>,
  policy: IdentityPolicy,
): EmployeeRef | null {
  const person = people.get(id);
  if (!person) return null;
  return presentEmployeeRef(
    {
      id: person.id,
      fullName: person.full_name,
      email: person.email,
      department: person.department,
      title: person.title,
    },
    policy,
  );
}
