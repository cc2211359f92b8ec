import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Dialect } from '../../dialect';
import type { Database } from '../../schema';
import { fileLabelOf } from '../event-columns';
import { activityTime, jsonArrayRows } from './sql-parts';
import type { FindingsWindow } from './window-facts';

/**
 * Flagged events joined to their events. Lists of them are ordered by the flag's time (equal to
 * the event's): SQLite then walks the flag index backwards and stops at the limit, where
 * ordering by the event's time made it look up and sort every flagged event. The events' time
 * is bounded by the window too (the same rows, as it equals the flag's): PostgreSQL prunes
 * monthly partitions from the conditions on events alone, not through the join.
 */
const flagged = (employeeId: string, window: FindingsWindow, flag: string) => sql`
  event_flags f join events e on e.id = f.event_id and e.time = f.time
  where f.employee_id = ${employeeId} and f.flag = ${flag} and f.time >= ${window.start} and f.time < ${window.end}
    and e.time >= ${window.start} and e.time < ${window.end}`;

/** Totals of the flagged external mail. */
export interface ExternalMailTotals {
  n: number;
  withAttachments: number;
  attachments: number;
  bytes: number;
}

/** Flagged external mail of one recipient domain. */
export interface ExternalMailDomain {
  domain: string;
  messages: number;
  attachments: number;
  bytes: number;
  last: number;
}

/**
 * The totals of the external mail the analysis flagged, and the same per recipient domain.
 * Both come from one pass over the flagged mails: each is a lookup into events, and doing the
 * lookups once halves the cost of the page.
 */
export async function externalMailSummary(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
): Promise<{ totals: ExternalMailTotals; domains: ExternalMailDomain[] }> {
  const { rows } = await sql<{
    part: string;
    domain: string;
    messages: number;
    with_attachments: number;
    attachments: number;
    bytes: number;
    last: number | null;
  }>`
    with m as materialized (
      select e.time, e.email_attachments as attachments, e.email_size as size, e.email_domains as domains
      from ${flagged(employeeId, window, 'external_email')})
    select 'total' as part, '' as domain, count(*) as messages,
      sum(case when coalesce(m.attachments, 0) > 0 then 1 else 0 end) as with_attachments,
      sum(coalesce(m.attachments, 0)) as attachments, sum(coalesce(m.size, 0)) as bytes, max(m.time) as last
    from m
    union all
    select 'domain', lower(d.value), count(*), 0, sum(coalesce(m.attachments, 0)), sum(coalesce(m.size, 0)), max(m.time)
    from m cross join ${jsonArrayRows(dialect, 'm.domains', 'd')}
    group by 2`.execute(db);
  const total = rows.find((r) => r.part === 'total');
  return {
    totals: {
      n: Number(total?.messages ?? 0),
      withAttachments: Number(total?.with_attachments ?? 0),
      attachments: Number(total?.attachments ?? 0),
      bytes: Number(total?.bytes ?? 0),
    },
    domains: rows
      .filter((r) => r.part === 'domain')
      .map((r) => ({
        domain: r.domain,
        messages: Number(r.messages),
        attachments: Number(r.attachments),
        bytes: Number(r.bytes),
        last: Number(r.last),
      })),
  };
}

/** The newest flagged external mails. */
export async function externalMails(
  db: Kysely<Database>,
  employeeId: string,
  window: FindingsWindow,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    time: number;
    subject: string | null;
    recipients: unknown;
    domains: unknown;
    attachments: number | null;
    size: number | null;
    label: string | null;
    destination: string | null;
  }>`
    select e.id, e.time, e.email_subject as subject, e.email_recipients as recipients, e.email_domains as domains,
      e.email_attachments as attachments, e.email_size as size, ${fileLabelOf('e')} as label, e.file_destination as destination
    from ${flagged(employeeId, window, 'external_email')}
    order by f.time desc, f.event_id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    time: Number(r.time),
    size: r.size === null ? null : Number(r.size),
  }));
}

/** Events the analysis flagged as naming a competitor, newest first. */
export async function competitorMentionEvents(
  db: Kysely<Database>,
  employeeId: string,
  window: FindingsWindow,
  limit: number,
) {
  const { rows } = await sql<{
    id: number;
    time: number;
    competitor: string;
    activity: string;
    category: string;
    chat_text: string | null;
    chat_channel: string | null;
    chat_external: number | null;
    email_subject: string | null;
    email_recipients: unknown;
    email_external: number | null;
    target: string | null;
    file_name: string | null;
  }>`
    select e.id, e.time, f.detail as competitor, e.activity, e.category, e.chat_text, e.chat_channel, e.chat_external,
      e.email_subject, e.email_recipients, e.email_external, e.target, e.file_name
    from ${flagged(employeeId, window, 'competitor')}
    order by f.time desc, f.event_id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), time: Number(r.time) }));
}

/** Files the subject shared in chat outside the company or in direct messages, and public links from chat. */
export async function chatShares(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
  limit: number,
) {
  const time = activityTime(dialect);
  const { rows } = await sql<{
    id: number;
    time: number;
    activity: string;
    file_name: string | null;
    file_label: string | null;
    chat_channel: string | null;
    chat_external: number | null;
    chat_direct: number | null;
    file_destination: string | null;
  }>`
    select id, time, activity, file_name, ${fileLabelOf()} as file_label, chat_channel, chat_external, chat_direct, file_destination from events
    where employee_id = ${employeeId} and activity in ('chat_file_share', 'file_share_external')
      and ${time} >= ${window.start} and ${time} < ${window.end}
      and ((activity = 'chat_file_share' and (chat_external = 1 or chat_direct = 1 or file_destination is not null))
        or (activity = 'file_share_external' and app = 'Slack'))
    order by ${time} desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), time: Number(r.time) }));
}

/**
 * Files the subject downloaded from chat, most downloaded first, and how many distinct files
 * there were: one pass over the downloads (the count rides along as a window total).
 */
export async function chatDownloadsByFile(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  window: FindingsWindow,
  limit: number,
) {
  const time = activityTime(dialect);
  const { rows } = await sql<{
    file_id: string;
    name: string | null;
    n: number;
    last: number;
    files: number;
  }>`
    select file_id, name, n, last, count(*) over () as files from (
      select coalesce(file_id, file_name, '') as file_id, max(file_name) as name, count(*) as n, max(time) as last
      from events
      where employee_id = ${employeeId} and activity = 'chat_file_download' and ${time} >= ${window.start} and ${time} < ${window.end}
      group by 1) g
    order by n desc, last desc limit ${limit}`.execute(db);
  return {
    files: rows.map((r) => ({
      fileId: r.file_id,
      name: r.name,
      downloads: Number(r.n),
      lastSeen: Number(r.last),
    })),
    distinct: Number(rows[0]?.files ?? 0),
  };
}
