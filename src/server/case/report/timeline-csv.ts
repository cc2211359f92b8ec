import type { Kysely } from 'kysely';

import { eventSummary } from '../../analysis/findings/present-event';
import type { Dialect } from '../../db/dialect';
import { subjectEventPage } from '../../db/queries/case-export';
import type { EventListRow } from '../../db/queries/findings/event-rows';
import { caseTimelinePage, timelineEvents } from '../../db/queries/incidents';
import type { Database } from '../../db/schema';
import { summarizeEvent } from '../../presenters/timeline-event';
import { csvLine } from './csv';

/** Rows read from the database at a time: a page is written out before the next is read. */
const PAGE_ROWS = 5000;
/** The subject's timeline is read in larger pages: it is the export's one big file. */
const SUBJECT_PAGE_ROWS = 10_000;

const iso = (ms: number) => new Date(ms).toISOString();

const EVENT_COLUMNS = [
  'Event',
  'Time (UTC)',
  'Source',
  'Category',
  'Activity',
  'Action',
  'Outcome',
  'App',
  'Target',
  'File',
  'File id',
  'Label',
  'Size (bytes)',
  'Destination',
  'Device',
  'Repository',
  'Channel',
  'Mail subject',
  'Attachments',
  'Process',
  'What happened',
];

/**
 * Every event of the subject in [from, to), oldest first, as CSV: a header, then one chunk of
 * lines per page of rows read by (time, id) cursor.
 */
export async function* subjectEventsCsv(
  db: Kysely<Database>,
  employeeId: string,
  window: { from: number; to: number },
): AsyncGenerator<string> {
  yield csvLine(EVENT_COLUMNS);
  let after: { time: number; id: number } | null = null;
  for (;;) {
    const rows = await subjectEventPage(db, employeeId, window, after, SUBJECT_PAGE_ROWS);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      const time = Number(r.time);
      chunk += csvLine([
        r.id,
        iso(time),
        r.source,
        r.category,
        r.activity,
        r.action,
        r.outcome,
        r.app,
        r.target,
        r.file_name,
        r.file_id,
        r.file_label,
        r.file_size,
        r.file_destination,
        r.device_name,
        r.repository,
        r.chat_channel,
        r.email_subject,
        r.email_attachments,
        r.process_name,
        eventSummary(r as unknown as EventListRow),
      ]);
    }
    yield chunk;
    if (rows.length < SUBJECT_PAGE_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = { time: Number(last.time), id: Number(last.id) };
  }
}

/** Every event of every incident of the case, oldest first, with the incidents it belongs to. */
export async function* incidentTimelineCsv(
  db: Kysely<Database>,
  dialect: Dialect,
  investigationId: string,
): AsyncGenerator<string> {
  yield csvLine([
    'Event',
    'Time (UTC)',
    'Source',
    'Category',
    'Activity',
    'Action',
    'Outcome',
    'App',
    'What happened',
    'Incidents',
  ]);
  let after: { time: number; eventId: number } | null = null;
  for (;;) {
    const page = await caseTimelinePage(db, investigationId, PAGE_ROWS, after);
    const rows = await timelineEvents(db, dialect, page.ids);
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.id,
        iso(r.time),
        r.source,
        r.category,
        r.activity,
        r.action,
        r.outcome,
        r.app,
        summarizeEvent(r),
        (page.incidentsOf.get(r.id) ?? []).join('; '),
      ]);
    }
    if (chunk) yield chunk;
    const last = rows[rows.length - 1];
    if (!page.more || !last) return;
    after = { time: last.time, eventId: last.id };
  }
}
