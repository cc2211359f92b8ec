import type { Employee, EmployeeRef } from '../../shared/schemas/employees';
import type { EmployeeRow } from '../db/schema';

/**
 * The one place an employee's identity enters a reply. A masking policy (pseudonyms unless
 * revealed with a purpose) belongs here, so it applies to every route at once; today it
 * shows identities as they are.
 */
export function presentEmployee(row: EmployeeRow): Employee {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    department: row.department,
    title: row.title,
    managerId: row.manager_id,
    location: row.location,
    timezone: row.timezone,
    workStartHour: row.work_start_hour,
    workEndHour: row.work_end_hour,
    startDate: row.start_date,
    resignationDate: row.resignation_date,
    departureDate: row.departure_date,
  };
}

/** The short form beside an investigation; goes through the same policy as presentEmployee. */
export function presentEmployeeRef(row: {
  id: string;
  fullName: string;
  email: string;
  department: string | null;
  title: string | null;
}): EmployeeRef {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    department: row.department,
    title: row.title,
  };
}
