import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Dialect } from '../../dialect';
import type { Database } from '../../schema';
import { activityTime, attachmentRows, hasAttachment, subjectRows } from './sql-parts';
import { findingsDb } from './tables';
import type { FindingsDb } from './tables';
import type { FindingsWindow } from './window-facts';

/** Destinations counted per file. */
export const FILE_DESTINATIONS = [
  'usb',
  'personal_email',
  'external_email',
  'external_share',
  'public_link',
  'cloud',
] as const;

/**
 * Activities outside the file category that carry a file out when they have a destination:
 * a mail with attachments to an outside address, a file shared into an external channel.
 */
export const OUTBOUND_ACTIVITIES = ['email_send', 'chat_file_share'] as const;

/**
 * A file's key: its name, case aside (else its path, else its id). Each source names a file its
 * own way (SharePoint by id, an endpoint by path on a USB drive, a mail by attachment name), so
 * one document the subject downloaded, copied to USB and mailed home is one file, with its whole
 * journey, only when keyed by name. Labels are already inferred by name (event_file_labels);
 * two documents of the same name handled by one person are the rare price.
 */
const fileKey = sql<string>`lower(coalesce(e.file_name, e.file_path, e.file_id))`;
// Word for word the expression of the index events_employee_file_key (migration 0006).
const labelOf = sql<string>`coalesce(e.file_label, fl.label, '')`;

/**
 * The subject's events in the window that a file list is made of, as a derived table: file
 * events, and mails and chat shares that carried a file out, one row per named attachment (a
 * mail with three attachments moved three files, each with the label known for its own name,
 * not the mail's). Two branches, so each reads its own index rather than every event of the
 * subject.
 */
function fileMovements(dialect: Dialect, employeeId: string, window: FindingsWindow) {
  const range = { from: window.start, to: window.end };
  // On SQLite the outbound messages' ids come from the partial index events_employee_outbound
  // (its condition word for word; SQLite, without statistics, would rather read every mail by
  // activity), and their rows are read in id order (subjectRows).
  const outbound =
    dialect === 'sqlite'
      ? sql`o.id in (select id from events indexed by events_employee_outbound where employee_id = ${employeeId}
          and time >= ${window.start} and time < ${window.end}
          and file_destination is not null and activity in ('email_send', 'chat_file_share'))`
      : sql`o.employee_id = ${employeeId} and o.activity in (${sql.join([...OUTBOUND_ACTIVITIES])})
          and o.time >= ${window.start} and o.time < ${window.end} and o.file_destination is not null`;
  return sql`(select employee_id, time, activity, file_id, file_path, file_name, file_label, file_destination
      from events f
      where ${subjectRows(dialect, 'f', employeeId, { ...range, categories: ['file'] })}
    union all
    select o.employee_id, o.time, o.activity, o.file_id, o.file_path, coalesce(a.value, o.file_name),
      case when a.value is null then o.file_label end, o.file_destination
    from events o ${attachmentRows(dialect, 'o', 'a')}
      where ${outbound} and o.category <> 'file')`;
}

/** The files the subject handled in the window, most active first; label '' is unlabeled. */
export async function filesHandled(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
  label: string | null,
  limit: number,
) {
  const labelFilter = label === null ? sql`1 = 1` : sql`${labelOf} = ${label}`;
  const destinations = FILE_DESTINATIONS.map(
    (d) => sql`sum(case when e.file_destination = ${d} then 1 else 0 end) as ${sql.id(`to_${d}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select ${fileKey} as id, max(e.file_name) as name, max(e.file_path) as path, max(${labelOf}) as label,
      count(*) as events,
      sum(case when e.activity in ('file_download', 'file_sync', 'chat_file_download') then 1 else 0 end) as downloads,
      sum(case when e.activity in ('file_share', 'file_share_external', 'chat_file_share') then 1 else 0 end) as shares,
      sum(case when e.file_destination is not null then 1 else 0 end) as leaving,
      ${sql.join(destinations)},
      min(e.time) as first, max(e.time) as last,
      count(*) over () as total
    from ${fileMovements(dialect, employeeId, window)} e
    left join event_file_labels fl on e.file_label is null and fl.employee_id = e.employee_id and fl.file_name = e.file_name
    where ${fileKey} is not null and ${labelFilter}
    group by 1
    order by 8 desc, 5 desc, 1
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    id: String(r.id),
    name: (r.name as string | null) ?? null,
    path: (r.path as string | null) ?? null,
    label: (r.label as string | null) ?? '',
    events: Number(r.events),
    downloads: Number(r.downloads),
    shares: Number(r.shares),
    leaving: Number(r.leaving),
    destinations: FILE_DESTINATIONS.filter((d) => Number(r[`to_${d}`]) > 0),
    first: Number(r.first),
    last: Number(r.last),
    total: Number(r.total),
  }));
}

/**
 * Events of one file in the window, newest first: the file events whose key is the file's, those
 * with that file id (a link from the events list), and the mails and chat shares that carried it
 * as an attachment. The first and last read the partial indexes of migration 0006, whose
 * conditions they repeat word for word ({@link OUTBOUND_ACTIVITIES} written out). SQLite, without
 * statistics, would rather walk every mail of the subject by (employee, activity, time): it is
 * told which index to use.
 */
export async function fileEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
  fileId: string,
  limit: number,
) {
  const key = fileId.toLowerCase();
  // Steers SQLite to the key and (employee, activity, time) indexes, not the subject's time order.
  const time = activityTime(dialect, 'e.time');
  const range = sql`e.employee_id = ${employeeId} and ${time} >= ${window.start} and ${time} < ${window.end}`;
  const { rows } = await sql<{ id: number }>`
    select id from (
      select e.id, e.time from events e
        where ${range} and e.category = 'file' and ${fileKey} = ${key}
      union
      select e.id, e.time from events e where ${range} and e.file_id = ${fileId}
      union
      select e.id, e.time from events e ${dialect === 'sqlite' ? sql`indexed by events_employee_outbound` : sql``}
        where e.employee_id = ${employeeId} and e.time >= ${window.start} and e.time < ${window.end}
          and e.file_destination is not null and e.activity in ('email_send', 'chat_file_share')
          and (${fileKey} = ${key} or ${hasAttachment(dialect, 'e', key)})
    ) found
    order by time desc limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Rebuilds the per-file totals of an employee over all their events (the analysis step): the
 * file list of a window that holds all the subject's activity reads these few thousand rows
 * instead of grouping hundreds of thousands of file events.
 */
export async function rebuildFileRollup(
  db: FindingsDb,
  dialect: Dialect,
  employeeId: string,
): Promise<void> {
  await db.deleteFrom('event_files').where('employee_id', '=', employeeId).execute();
  const destinations = sql.join(
    FILE_DESTINATIONS.map(
      (d) =>
        sql`case when sum(case when e.file_destination = ${d} then 1 else 0 end) > 0 then ${`${d},`} else '' end`,
    ),
    sql` || `,
  );
  await sql`insert into event_files (employee_id, file_key, name, path, label, events, downloads, shares, leaving, destinations, first_time, last_time)
    select ${employeeId}, ${fileKey}, max(e.file_name), max(e.file_path), coalesce(max(${labelOf}), ''), count(*),
      sum(case when e.activity in ('file_download', 'file_sync', 'chat_file_download') then 1 else 0 end),
      sum(case when e.activity in ('file_share', 'file_share_external', 'chat_file_share') then 1 else 0 end),
      sum(case when e.file_destination is not null then 1 else 0 end),
      ${destinations}, min(e.time), max(e.time)
    from ${fileMovements(dialect, employeeId, { start: 0, end: Number.MAX_SAFE_INTEGER })} e
    left join event_file_labels fl on e.file_label is null and fl.employee_id = e.employee_id and fl.file_name = e.file_name
    where ${fileKey} is not null
    group by ${fileKey}`.execute(db);
}

/** The files of an employee from the per-file totals, most active first (label '' is unlabeled). */
export async function filesFromRollup(
  db: Kysely<Database>,
  employeeId: string,
  label: string | null,
  limit: number,
) {
  let query = findingsDb(db)
    .selectFrom('event_files')
    .selectAll()
    .where('employee_id', '=', employeeId);
  if (label !== null) query = query.where('label', '=', label);
  const [rows, count] = await Promise.all([
    query
      .orderBy('leaving', 'desc')
      .orderBy('events', 'desc')
      .orderBy('file_key')
      .limit(limit)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  const total = Number(count?.n ?? 0);
  return rows.map((r) => ({
    id: r.file_key,
    name: r.name,
    path: r.path,
    label: r.label,
    events: Number(r.events),
    downloads: Number(r.downloads),
    shares: Number(r.shares),
    leaving: Number(r.leaving),
    destinations: r.destinations.split(',').filter(Boolean) as Array<
      (typeof FILE_DESTINATIONS)[number]
    >,
    first: Number(r.first_time),
    last: Number(r.last_time),
    total,
  }));
}
