import { sql } from 'kysely';

/**
 * The columns of an event as every screen, the report, both CSVs of the export, alerts and
 * search read it, in the order the subject timeline's CSV prints them. The one list: a listed
 * event, an event's record, a pinned event and a CSV line are all made of these.
 */
export const EVENT_COLUMNS = [
  'id',
  'time',
  'source',
  'category',
  'activity',
  'action',
  'outcome',
  'app',
  'target',
  'file_id',
  'file_name',
  'file_label',
  'file_size',
  'file_destination',
  'device_name',
  'repository',
  'chat_channel',
  'email_subject',
  'email_attachments',
  'process_name',
  'command_line',
] as const;

/** One event as EVENT_COLUMNS read it (file_label as fileLabelOf infers it). */
export interface EventListRow {
  id: number;
  time: number;
  source: string;
  category: string;
  activity: string;
  action: string;
  outcome: string;
  app: string | null;
  target: string | null;
  file_id: string | null;
  file_name: string | null;
  file_label: string | null;
  file_size: number | null;
  file_destination: string | null;
  device_name: string | null;
  repository: string | null;
  chat_channel: string | null;
  email_subject: string | null;
  email_attachments: number | null;
  process_name: string | null;
  command_line: string | null;
}

/** EVENT_COLUMNS but file_label, which is never read as stored (see fileLabelOf). */
export const EVENT_LIST_COLUMNS = EVENT_COLUMNS.filter(
  (column): column is Exclude<(typeof EVENT_COLUMNS)[number], 'file_label'> =>
    column !== 'file_label',
);

/** The label lookup of fileLabelOf as SQL text, for the export's raw driver statements. */
const labelLookup = (table: string) =>
  `(select fl.label from event_file_labels fl where fl.employee_id = ${table}.employee_id and fl.file_name = ${table}.file_name)`;

/**
 * The event's sensitivity label as every screen shows it (`table`: the events table's alias):
 * its own, else the label its file name carries in the subject's other events
 * (event_file_labels, kept by the rollups). A USB copy or a mail attachment often arrives
 * without the label the file carries in the cloud; the label filter (labelCondition) and the
 * file-access findings already read it this way, so a row the filter found by its label also
 * shows it, in its record and in the export too.
 */
export function fileLabelOf(table = 'events') {
  return sql<
    string | null
  >`coalesce(${sql.ref(`${table}.file_label`)}, ${sql.raw(labelLookup(table))})`;
}

/** fileLabelOf the events table read without an alias. */
export const EVENT_FILE_LABEL = fileLabelOf();

/** The select list of EventListRow: EVENT_COLUMNS with the inferred label. */
export const EVENT_LIST_SELECTION = EVENT_COLUMNS.map((column) =>
  column === 'file_label' ? EVENT_FILE_LABEL.as('file_label') : column,
);

/** EVENT_COLUMNS as the select list of a plain SQL statement over `events` (the bulk export). */
export const EVENT_COLUMNS_SQL = EVENT_COLUMNS.map((column) =>
  column === 'file_label' ? `coalesce(file_label, ${labelLookup('events')}) as file_label` : column,
).join(', ');

/** bigint columns arrive as strings from some drivers; the API speaks numbers. */
export function normalizeEventRow<T extends { id: unknown; time: unknown; file_size?: unknown }>(
  row: T,
): T & EventListRow {
  return {
    ...row,
    id: Number(row.id),
    time: Number(row.time),
    file_size: row.file_size === null || row.file_size === undefined ? null : Number(row.file_size),
  } as T & EventListRow;
}
