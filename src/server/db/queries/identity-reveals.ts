import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { RevealStatus } from '../../../shared/schemas/privacy';
import type { Dialect } from '../dialect';
import type { Database, IdentityRevealsTable } from '../schema';
import { jsonArrayRows } from './findings/sql-parts';

/** People whose identity a granted reveal shows in this case at `now`. */
export async function revealedInCase(
  db: Kysely<Database>,
  investigationId: string,
  now: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('identity_reveals')
    .select('employee_id')
    .where('investigation_id', '=', investigationId)
    .where('status', '=', 'granted')
    .where('expires_at', '>', now)
    .execute();
  return rows.map((r) => r.employee_id);
}

/** A reveal with its case's title and the emails and names of who asked and who decided. */
export type RevealRow = IdentityRevealsTable & {
  investigation_title: string;
  requester_email: string;
  requester_name: string;
  decider_email: string | null;
  decider_name: string | null;
};

function revealQuery(db: Kysely<Database>) {
  return db
    .selectFrom('identity_reveals as r')
    .innerJoin('investigations as i', 'i.id', 'r.investigation_id')
    .innerJoin('users as q', 'q.id', 'r.requested_by')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .selectAll('r')
    .select([
      'i.title as investigation_title',
      'q.email as requester_email',
      'q.display_name as requester_name',
      'd.email as decider_email',
      'd.display_name as decider_name',
    ]);
}

function normalize(row: RevealRow): RevealRow {
  const num = (value: number | null) => (value === null ? null : Number(value));
  return {
    ...row,
    requested_at: Number(row.requested_at),
    decided_at: num(row.decided_at),
    expires_at: num(row.expires_at),
    expiry_audited_at: num(row.expiry_audited_at),
  };
}

/** One reveal, or undefined. */
export async function findReveal(db: Kysely<Database>, id: string): Promise<RevealRow | undefined> {
  const row = await revealQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

/** A case's reveals, newest first. */
export async function listCaseReveals(
  db: Kysely<Database>,
  investigationId: string,
): Promise<RevealRow[]> {
  const rows = await revealQuery(db)
    .where('r.investigation_id', '=', investigationId)
    .orderBy('r.requested_at', 'desc')
    .orderBy('r.id')
    .limit(500)
    .execute();
  return rows.map(normalize);
}

/**
 * Reveals of every case for the privacy officer, pending first, then newest. `status` as the
 * API shows it: `granted` holds at `now`, `expired` was granted and is past its expiry.
 */
export async function listReveals(
  db: Kysely<Database>,
  filter: { status?: RevealStatus | undefined; now: number; limit: number },
): Promise<RevealRow[]> {
  let query = revealQuery(db);
  switch (filter.status) {
    case undefined:
      break;
    case 'granted':
      query = query.where('r.status', '=', 'granted').where('r.expires_at', '>', filter.now);
      break;
    case 'expired':
      query = query.where('r.status', '=', 'granted').where('r.expires_at', '<=', filter.now);
      break;
    default:
      query = query.where('r.status', '=', filter.status);
  }
  const rows = await query
    .orderBy(sql`case when r.status = 'pending' then 0 else 1 end`)
    .orderBy('r.requested_at', 'desc')
    .orderBy('r.id')
    .limit(filter.limit)
    .execute();
  return rows.map(normalize);
}

/** A request for this person in this case that is still pending, or granted and unexpired. */
export async function findOpenReveal(
  db: Kysely<Database>,
  investigationId: string,
  employeeId: string,
  now: number,
): Promise<{ id: string; status: string; expires_at: number | null } | undefined> {
  const row = await db
    .selectFrom('identity_reveals')
    .select(['id', 'status', 'expires_at'])
    .where('investigation_id', '=', investigationId)
    .where('employee_id', '=', employeeId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'granted'), eb('expires_at', '>', now)]),
      ]),
    )
    .executeTakeFirst();
  return row
    ? { ...row, expires_at: row.expires_at === null ? null : Number(row.expires_at) }
    : row;
}

/** Records a request (pending, or granted at once with its expiry). */
export async function insertReveal(
  db: Kysely<Database>,
  reveal: {
    id: string;
    investigationId: string;
    employeeId: string;
    purpose: string;
    status: 'pending' | 'granted';
    requestedBy: string;
    requestedAt: number;
    expiresAt: number | null;
  },
): Promise<void> {
  await db
    .insertInto('identity_reveals')
    .values({
      id: reveal.id,
      investigation_id: reveal.investigationId,
      employee_id: reveal.employeeId,
      purpose: reveal.purpose,
      status: reveal.status,
      requested_by: reveal.requestedBy,
      requested_at: reveal.requestedAt,
      decided_by: null,
      decided_at: reveal.status === 'granted' ? reveal.requestedAt : null,
      decision_reason: null,
      expires_at: reveal.expiresAt,
      expiry_audited_at: null,
    })
    .execute();
}

/**
 * Moves a reveal from one of `from` to its decision; false when it was no longer in one of
 * them (someone else decided first).
 */
export async function decideReveal(
  db: Kysely<Database>,
  id: string,
  from: readonly string[],
  decision: {
    status: 'granted' | 'denied' | 'withdrawn';
    decidedBy: string;
    decidedAt: number;
    reason: string | null;
    expiresAt: number | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('identity_reveals')
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      decided_at: decision.decidedAt,
      decision_reason: decision.reason,
      expires_at: decision.expiresAt,
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Granted reveals past their expiry whose expiry is not audited yet. */
export async function listUnauditedExpiries(
  db: Kysely<Database>,
  now: number,
  limit: number,
): Promise<
  Array<{ id: string; investigation_id: string; employee_id: string; expires_at: number }>
> {
  const rows = await db
    .selectFrom('identity_reveals')
    .select(['id', 'investigation_id', 'employee_id', 'expires_at'])
    .where('status', '=', 'granted')
    .where('expires_at', '<=', now)
    .where('expiry_audited_at', 'is', null)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, expires_at: Number(r.expires_at) }));
}

/** Marks an expiry as audited; false when another process did it first. */
export async function markExpiryAudited(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_reveals')
    .set({ expiry_audited_at: now })
    .where('id', '=', id)
    .where('expiry_audited_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The addresses the subject wrote to or shared with in a window (lower-cased, busiest first):
 * the people who appear in the case's events as counterparts.
 */
export async function caseContactAddresses(
  db: Kysely<Database>,
  dialect: Dialect,
  subjectEmployeeId: string,
  window: { from: number; to: number },
  limit: number,
): Promise<Array<{ address: string; n: number }>> {
  const range = sql`e.employee_id = ${subjectEmployeeId} and e.time >= ${window.from} and e.time < ${window.to}`;
  const { rows } = await sql<{ address: string; n: number }>`
    select address, count(*) as n from (
      select lower(r.value) as address
      from events e cross join ${jsonArrayRows(dialect, 'e.email_recipients', 'r')}
      where ${range} and e.email_recipients is not null
      union all
      select lower(e.target) as address from events e
      where ${range} and e.target like '%@%'
    ) c group by address order by 2 desc, 1 limit ${limit}`.execute(db);
  return rows.map((r) => ({ address: r.address, n: Number(r.n) }));
}

/** Employees by id, for presenting the people a case may reveal. */
export function findEmployeesByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('employees')
    .select(['id', 'full_name', 'email', 'department', 'title'])
    .where('id', 'in', [...ids])
    .execute();
}
