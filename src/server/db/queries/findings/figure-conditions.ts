import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

import { containsPattern } from '../../dialect';
import type { Dialect } from '../../dialect';
import { OUTBOUND_ACTIVITIES } from './files';
import { jsonArrayRows } from './sql-parts';

/**
 * The SQL of the event filters figures link with (their local hours as spans, flags,
 * attachments, process words, contacts, ids, file movements): what listEvents and countEvents
 * add to the column filters, so a figure's events are listed and counted by the same test.
 */

/** The subject's contacts an event may be with, as the contact rollup names them (lower case). */
export interface ContactFilter {
  /** Addresses the subject mailed (a recipient of an email_send). */
  emails: string[];
  /** Addresses the subject shared a file with (the target of a file_share). */
  shares: string[];
  /** Channels the subject posted in (not direct messages), without the '#'. */
  channels: string[];
  /** How many the contact rollup counts: at least the events (a mail to two of them counts twice). */
  counted: number;
}

/** The filters figures link with, as listEvents and countEvents take them (see EventFilter). */
export interface FigureFilter {
  dialect?: Dialect;
  employeeId: string;
  from: number;
  to: number;
  /** Only events the analysis flagged so (event_flags), with this detail when one is given. */
  flag?: { name: string; detail?: string };
  /** Only mail with attachments. */
  attachments?: boolean;
  /** Only events whose process (or repository) name contains one of these words, case aside. */
  processWords?: readonly string[];
  /** Only the subject's mail, shares and channel posts with these contacts. */
  contacts?: ContactFilter;
  /** Only these events. */
  ids?: readonly number[];
  /**
   * File movements as the file-access findings count them: `all` file events and the mail and
   * chat shares that carried a file out; `leaving` those naming a destination; `staying` file
   * events naming none.
   */
  files?: 'all' | 'leaving' | 'staying';
}

/** The time conditions of spans, OR-ed, on the time expression of indexHints. */
export function spanCondition(
  spans: ReadonlyArray<{ from: number; to: number }>,
  time: RawBuilder<number>,
) {
  if (spans.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    spans.map((s) => sql`(${time} >= ${s.from} and ${time} < ${s.to})`),
    sql` or `,
  )})`;
}

/**
 * The conditions of the filters figures link with (flags, attachments, process words,
 * contacts, ids, file movements), or null without any: the same SQL lists and counts.
 */
export function figureConditions(filter: FigureFilter) {
  const parts = [];
  const outbound = sql.join([...OUTBOUND_ACTIVITIES]);
  const destined = sql`coalesce(file_destination, '') <> ''`;
  if (filter.files === 'all')
    parts.push(sql`(category = 'file' or (activity in (${outbound}) and ${destined}))`);
  if (filter.files === 'leaving')
    parts.push(sql`((category = 'file' or activity in (${outbound})) and ${destined})`);
  if (filter.files === 'staying')
    parts.push(sql`(category = 'file' and coalesce(file_destination, '') = '')`);
  if (filter.flag) {
    const detail = filter.flag.detail ? sql` and f.detail = ${filter.flag.detail}` : sql``;
    parts.push(sql`id in (select f.event_id from event_flags f
      where f.employee_id = ${filter.employeeId} and f.flag = ${filter.flag.name}${detail}
        and f.time >= ${filter.from} and f.time < ${filter.to})`);
  }
  if (filter.attachments) parts.push(sql`coalesce(email_attachments, 0) > 0`);
  if (filter.processWords?.length) {
    const name = sql`vigil_fold(coalesce(repository, process_name, ''))`;
    parts.push(
      sql`(${sql.join(
        filter.processWords.map(
          (w) => sql`${name} like vigil_fold(${containsPattern(w)}) escape '\\'`,
        ),
        sql` or `,
      )})`,
    );
  }
  if (filter.contacts) parts.push(contactCondition(filter.dialect ?? 'sqlite', filter.contacts));
  if (filter.ids) {
    parts.push(filter.ids.length ? sql`id in (${sql.join([...filter.ids])})` : sql<boolean>`1 = 0`);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : null;
}

/**
 * The subject's mail to, shares with and channel posts in the contacts, as the contact rollup
 * counts them (contactFactsSelect): recipients and share targets lower-cased, channels as named.
 */
function contactCondition(dialect: Dialect, contacts: ContactFilter) {
  const parts = [];
  if (contacts.emails.length) {
    // The recipients' text is searched first (cheap), the JSON array read only where it may match.
    const text = sql`lower(cast(email_recipients as text))`;
    const mentions = contacts.emails.map(
      (address) => sql`${text} like ${containsPattern(address)} escape '\\'`,
    );
    const recipients = jsonArrayRows(dialect, 'events.email_recipients', 'r');
    parts.push(sql`(activity = 'email_send' and (${sql.join(mentions, sql` or `)})
      and exists (select 1 from ${recipients} where lower(r.value) in (${sql.join(contacts.emails)})))`);
  }
  if (contacts.shares.length)
    parts.push(
      sql`(activity in ('file_share', 'file_share_external') and lower(target) in (${sql.join(contacts.shares)}))`,
    );
  if (contacts.channels.length)
    parts.push(
      sql`(category = 'chat' and chat_channel in (${sql.join(contacts.channels)}) and coalesce(chat_direct, 0) = 0)`,
    );
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`1 = 0`;
}
