import { randomUUID } from 'node:crypto';

import type { Kysely, SelectQueryBuilder } from 'kysely';

import type { Database } from '../schema';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Activities that only someone with administrative rights performs. */
const ADMIN_ACTIVITIES = ['admin_granted', 'role_granted', 'account_created', 'account_changed'];

type MemberQuery = SelectQueryBuilder<Database, keyof Database, { employee_id: string }>;

/**
 * The people on a watchlist as a subquery of `employee_id`s, as of `now`: derived lists read
 * HR dates and events, kept lists their members.
 */
export function watchlistMembers(db: Kysely<Database>, id: string, now: number): MemberQuery {
  switch (id) {
    case 'departing':
      return db
        .selectFrom('employees')
        .select('id as employee_id')
        .where((eb) =>
          eb.and([
            eb.or([eb('resignation_date', 'is not', null), eb('departure_date', 'is not', null)]),
            eb.or([
              eb('departure_date', 'is', null),
              eb('departure_date', '>=', isoDay(now - 30 * DAY_MS)),
            ]),
          ]),
        );
    case 'new-hires':
      return db
        .selectFrom('employees')
        .select('id as employee_id')
        .where('start_date', '>=', isoDay(now - 90 * DAY_MS))
        .where('start_date', '<=', isoDay(now));
    case 'privileged':
      return db
        .selectFrom('events')
        .select('employee_id')
        .distinct()
        .where('activity', 'in', ADMIN_ACTIVITIES)
        .where('time', '>=', now - 90 * DAY_MS)
        .where('employee_id', 'is not', null) as unknown as MemberQuery;
    default:
      return db
        .selectFrom('watchlist_members')
        .select('employee_id')
        .where('watchlist_id', '=', id);
  }
}

/** Whether a person is on a watchlist now. */
export async function isOnWatchlist(
  db: Kysely<Database>,
  id: string,
  employeeId: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('employees')
    .select('id')
    .where('id', '=', employeeId)
    .where('id', 'in', watchlistMembers(db, id, now))
    .executeTakeFirst();
  return row !== undefined;
}

/** How many people are on a watchlist now. */
export async function countWatchlistMembers(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('employees')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', watchlistMembers(db, id, now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The kept lists. */
export function listKeptWatchlists(db: Kysely<Database>) {
  return db.selectFrom('watchlists').selectAll().orderBy('name').execute();
}

/** Creates a kept list with its members (who must exist); returns its id. */
export async function createWatchlist(
  db: Kysely<Database>,
  list: { name: string; description: string; employeeIds: readonly string[]; userId: string },
  now: number,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('watchlists')
    .values({
      id,
      name: list.name,
      description: list.description,
      created_by: list.userId,
      created_at: now,
    })
    .execute();
  const members = [...new Set(list.employeeIds)];
  for (let i = 0; i < members.length; i += 500) {
    await db
      .insertInto('watchlist_members')
      .values(
        members.slice(i, i + 500).map((employeeId) => ({
          watchlist_id: id,
          employee_id: employeeId,
          added_at: now,
        })),
      )
      .execute();
  }
  return id;
}

/** Which of these employee ids exist. */
export async function existingEmployeeIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('employees')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
