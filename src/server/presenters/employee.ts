import type { Employee, EmployeeRef } from '../../shared/schemas/employees';
import type { EmployeeRow } from '../db/schema';
import { identityState } from '../privacy/identity-policy';
import type { IdentityPolicy } from '../privacy/identity-policy';

/**
 * The one place an employee's identity enters a reply. Under the request's identity policy a
 * person shows as their pseudonym (name and address), with department and title only if the
 * privacy settings show them, unless pseudonymization is off or a reveal holds for the case.
 * Free text that names people (raw records, event fields) goes through the redactor instead.
 */
export function presentEmployee(row: EmployeeRow, policy: IdentityPolicy): Employee {
  // With department and title hidden, what else places a person in the organization (their
  // manager, office, time zone, and the dates of joining and leaving) is hidden with them.
  const placed = identityState(policy, row.id) !== 'pseudonymized' || policy.showOrgDetails;
  return {
    ...presentIdentity(
      {
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        department: row.department,
        title: row.title,
      },
      policy,
    ),
    managerId: placed ? row.manager_id : null,
    location: placed ? row.location : null,
    timezone: placed ? row.timezone : null,
    workStartHour: row.work_start_hour,
    workEndHour: row.work_end_hour,
    startDate: placed ? row.start_date : null,
    resignationDate: placed ? row.resignation_date : null,
    departureDate: placed ? row.departure_date : null,
  };
}

/** The short form beside an investigation or alert; the same policy as presentEmployee. */
export function presentEmployeeRef(
  row: {
    id: string;
    fullName: string;
    email: string;
    department: string | null;
    title: string | null;
  },
  policy: IdentityPolicy,
): EmployeeRef {
  return presentIdentity(row, policy);
}

function presentIdentity(
  row: {
    id: string;
    fullName: string;
    email: string;
    department: string | null;
    title: string | null;
  },
  policy: IdentityPolicy,
): EmployeeRef {
  const identity = identityState(policy, row.id);
  const pseudonym = policy.pseudonyms.of(row.id);
  if (identity !== 'pseudonymized') {
    return {
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      pseudonym: pseudonym.name,
      identity,
      department: row.department,
      title: row.title,
    };
  }
  return {
    id: row.id,
    fullName: pseudonym.name,
    email: pseudonym.email,
    pseudonym: pseudonym.name,
    identity,
    department: policy.showOrgDetails ? row.department : null,
    title: policy.showOrgDetails ? row.title : null,
  };
}

/**
 * A person as a notification names them: by pseudonym only, whatever the privacy settings or
 * reveals, since a message leaves Vigil's access control for good.
 */
export function presentNotifiedPerson(
  employeeId: string,
  pseudonyms: { of(employeeId: string): { name: string } },
): { pseudonym: string } {
  return { pseudonym: pseudonyms.of(employeeId).name };
}
