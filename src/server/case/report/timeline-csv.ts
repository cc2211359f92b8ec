import type { Kysely } from 'kysely';

import { eventSummary } from '../../analysis/findings/present-event';
import type { Dialect } from '../../db/dialect';
import type { DatabaseHandle } from '../../db/database';
import { EXPORT_EVENT_COLUMNS, subjectEventPages } from '../../db/queries/case-export';
import type { ExportEventTuple } from '../../db/queries/case-export';
import type { EventListRow } from '../../db/queries/findings/event-rows';
import { caseTimelinePage, timelineEvents } from '../../db/queries/incidents';
import type { Database } from '../../db/schema';
import { summarizeEvent } from '../../presenters/timeline-event';
import { csvLine } from './csv';

/** Rows read from the database at a time: a page is written out before the next is read. */
const PAGE_ROWS = 5000;
/**
 * The subject's timeline, the export's one big file, is read in small pages from SQLite (a page
 * is a synchronous call: small ones keep the process responsive and its garbage young) and in
 * larger ones from PostgreSQL (each page is a round trip).
 */
const subjectPageRows = (handle: Pick<DatabaseHandle, 'sqlite'>) => (handle.sqlite ? 1000 : 5000);

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
  'File id',
  'File',
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

const SUMMARY_FIELDS = [
  'activity',
  'action',
  'outcome',
  'app',
  'target',
  'file_name',
  'file_destination',
  'repository',
  'chat_channel',
  'email_subject',
  'process_name',
] as const;
const SUMMARY_INDEXES = SUMMARY_FIELDS.map((field) => EXPORT_EVENT_COLUMNS.indexOf(field));

/** The fields eventSummary reads, from an export row. */
function summaryFields(r: ExportEventTuple): EventListRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < SUMMARY_FIELDS.length; i++) row[SUMMARY_FIELDS[i]!] = r[SUMMARY_INDEXES[i]!];
  return row as unknown as EventListRow;
}

/**
 * Every event of the subject in [from, to), oldest first, as CSV: a header, then one chunk of
 * lines per page of rows.
 */
export async function* subjectEventsCsv(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
  employeeId: string,
  window: { from: number; to: number },
): AsyncGenerator<string> {
  yield csvLine(EVENT_COLUMNS);
  for await (const rows of subjectEventPages(handle, employeeId, window, subjectPageRows(handle))) {
    let chunk = '';
    for (const r of rows) {
      // The tuple is in EXPORT_EVENT_COLUMNS' order, which the header follows; the time is
      // written in ISO 8601 and a sentence is added.
      const line = r.slice();
      line[1] = iso(Number(r[1]));
      line.push(eventSummary(summaryFields(r)));
      chunk += csvLine(line);
    }
    yield chunk;
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
