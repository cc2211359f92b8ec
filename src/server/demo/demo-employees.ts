import type { Kysely } from 'kysely';

import type { NewEmployeeRow } from '../db/queries/employees';
import { countEmployees, upsertEmployees } from '../db/queries/employees';
import type { Database } from '../db/schema';

type Seed = [
  id: string,
  name: string,
  department: string,
  title: string,
  manager: string | null,
  location: string,
  tz: string,
];

// A small, fixed organization so that a fresh install has subjects to open cases about.
// Activity data and a larger organization come from the HR feed and the log generator.
const SEED: Seed[] = [
  ['E1001', 'Maya Okafor', 'Engineering', 'VP Engineering', null, 'New York', 'America/New_York'],
  [
    'E1002',
    'Daniel Reyes',
    'Engineering',
    'Staff Engineer',
    'E1001',
    'New York',
    'America/New_York',
  ],
  ['E1003', 'Priya Raman', 'Engineering', 'Senior Engineer', 'E1001', 'Bengaluru', 'Asia/Kolkata'],
  [
    'E1004',
    'Tomasz Nowak',
    'Engineering',
    'Site Reliability Engineer',
    'E1001',
    'London',
    'Europe/London',
  ],
  ['E1005', 'Hannah Becker', 'Engineering', 'Engineer', 'E1002', 'Berlin', 'Europe/Berlin'],
  ['E1006', 'Lucas Martin', 'Sales', 'Head of Sales', null, 'Chicago', 'America/Chicago'],
  ['E1007', 'Sofia Rossi', 'Sales', 'Account Executive', 'E1006', 'Chicago', 'America/Chicago'],
  [
    'E1008',
    'Kenji Watanabe',
    'Sales',
    'Sales Engineer',
    'E1006',
    'San Francisco',
    'America/Los_Angeles',
  ],
  ['E1009', 'Aisha Bello', 'Finance', 'Controller', null, 'London', 'Europe/London'],
  ['E1010', 'Oliver Grant', 'Finance', 'Financial Analyst', 'E1009', 'London', 'Europe/London'],
  ['E1011', 'Elena Petrova', 'HR', 'HR Business Partner', null, 'New York', 'America/New_York'],
  ['E1012', 'Marcus Lee', 'IT', 'IT Administrator', null, 'San Francisco', 'America/Los_Angeles'],
  ['E1013', 'Chloe Dubois', 'Legal', 'Counsel', null, 'Paris', 'Europe/Paris'],
  ['E1014', 'Rahul Mehta', 'Support', 'Support Lead', null, 'Bengaluru', 'Asia/Kolkata'],
  [
    'E1015',
    'Grace Kim',
    'Marketing',
    'Product Marketing Manager',
    null,
    'San Francisco',
    'America/Los_Angeles',
  ],
];

/** Seeds the demo employees into an empty directory; returns how many were added. */
export async function seedDemoEmployees(db: Kysely<Database>): Promise<number> {
  if ((await countEmployees(db)) > 0) return 0;
  const rows: NewEmployeeRow[] = SEED.map(
    ([id, fullName, department, title, managerId, location, timezone]) => ({
      id,
      full_name: fullName,
      email: `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}@northwind.example`,
      department,
      title,
      manager_id: managerId,
      location,
      timezone,
      work_start_hour: 9,
      work_end_hour: 17,
      start_date: '2021-03-01',
      resignation_date: null,
      departure_date: null,
    }),
  );
  await upsertEmployees(db, rows, Date.now());
  return rows.length;
}
