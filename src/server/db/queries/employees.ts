import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { containsInsensitive } from '../dialect';
import type { Database, EmployeeRow } from '../schema';
import { personConditions } from './person-match';
import type { PersonSearch } from './person-match';

export interface EmployeeFilter {
  q?: string | undefined;
  /** How `q` may match people: by real name and address, and/or by pseudonym. */
  person: PersonSearch;
  /** Whether department and title may be searched (they are shown). */
  orgDetails: boolean;
  /** Whether rows may be ordered by name (false while names are hidden). */
  nameOrder: boolean;
  department?: string | undefined;
  limit: number;
  offset: number;
  /** `risk`: highest score first, people never scored last. */
  sort?: 'name' | 'risk';
}

/** Employees matching a text search over name, email, id, department and title. */
export async function listEmployees(
  db: Kysely<Database>,
  filter: EmployeeFilter,
): Promise<{ rows: EmployeeRow[]; total: number }> {
  let query = db.selectFrom('employees');
  if (filter.q) {
    const q = filter.q;
    const { person, orgDetails } = filter;
    query = query.where((eb) =>
      eb.or([
        containsInsensitive('id', q),
        ...personConditions(eb, { id: 'id', name: 'full_name', email: 'email' }, q, person),
        ...(orgDetails
          ? [containsInsensitive('department', q), containsInsensitive('title', q)]
          : []),
      ]),
    );
  }
  if (filter.department) query = query.where('department', '=', filter.department);
  const ordered =
    filter.sort === 'risk'
      ? query
          .selectAll('employees')
          .leftJoin('employee_risk as r', 'r.employee_id', 'employees.id')
          .orderBy(sql`coalesce(r.score, -1)`, 'desc')
      : query.selectAll('employees');
  const [rows, count] = await Promise.all([
    // Under pseudonyms the order says nothing of names: by id.
    (filter.person.byName && filter.nameOrder ? ordered.orderBy('full_name') : ordered)
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute() as Promise<EmployeeRow[]>,
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findEmployee(db: Kysely<Database>, id: string): Promise<EmployeeRow | undefined> {
  return db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countEmployees(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('employees')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An employees row to write: aliases may be left out (none). */
export type NewEmployeeRow = Omit<EmployeeRow, 'created_at' | 'updated_at' | 'aliases'> & {
  aliases?: string | null;
};

/** Inserts or refreshes employees from HR and identity records (keyed by id). */
export async function upsertEmployees(
  db: Kysely<Database>,
  rows: NewEmployeeRow[],
  now: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await db
      .insertInto('employees')
      .values(
        chunk.map((row) => ({
          ...row,
          aliases: row.aliases ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          full_name: eb.ref('excluded.full_name'),
          email: eb.ref('excluded.email'),
          department: eb.ref('excluded.department'),
          title: eb.ref('excluded.title'),
          manager_id: eb.ref('excluded.manager_id'),
          location: eb.ref('excluded.location'),
          timezone: eb.ref('excluded.timezone'),
          work_start_hour: eb.ref('excluded.work_start_hour'),
          work_end_hour: eb.ref('excluded.work_end_hour'),
          start_date: eb.ref('excluded.start_date'),
          resignation_date: eb.ref('excluded.resignation_date'),
          departure_date: eb.ref('excluded.departure_date'),
          aliases: eb.ref('excluded.aliases'),
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** The employees with these ids (unknown ids are left out), for presenting people found by id. */
export async function employeesByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<EmployeeRow[]> {
  const out: EmployeeRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('employees')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}
