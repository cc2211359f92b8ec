import type { EventColumn, EventValues } from './event-row';
import { EVENT_COLUMNS } from './event-row';
import type { EMPLOYEE_COLUMNS } from './staged-rows';

/*
 * How events and employees rows travel to PostgreSQL. Kept beside the ingest's bulk statements
 * rather than in db/queries: only they use it.
 *
 * Events go as ONE parameter per chunk: a JSON array of positional rows, unpacked by
 * `jsonb_array_elements`. Passing whole columns as arrays (`unnest($1::text[], ...)`) made the
 * pg driver build an array literal for each column, escaping every quote of every raw record
 * in JavaScript: 8.5 s of client CPU for 87k events, against 1 s for JSON.stringify of the same
 * rows, with the server's share unchanged (measured). Employees (a few hundred rows) still use
 * unnest.
 */

/** PostgreSQL types of the events columns as sent (JSON travels as text and is cast to jsonb). */
export const EVENT_TYPES: Record<EventColumn, 'text' | 'bigint' | 'integer'> = {
  source: 'text',
  source_event_id: 'text',
  integration_id: 'text',
  time: 'bigint',
  employee_id: 'text',
  class_uid: 'integer',
  activity_id: 'integer',
  category: 'text',
  activity: 'text',
  action: 'text',
  outcome: 'text',
  actor_email: 'text',
  actor_id: 'text',
  app: 'text',
  ip: 'text',
  location: 'text',
  file_id: 'text',
  file_name: 'text',
  file_path: 'text',
  file_size: 'bigint',
  file_label: 'text',
  file_destination: 'text',
  email_recipients: 'text',
  email_external: 'integer',
  email_domains: 'text',
  email_subject: 'text',
  email_attachments: 'integer',
  email_size: 'bigint',
  chat_channel: 'text',
  chat_external: 'integer',
  chat_direct: 'integer',
  chat_text: 'text',
  repository: 'text',
  device_id: 'text',
  device_name: 'text',
  device_managed: 'integer',
  device_os: 'text',
  removable_media: 'integer',
  process_name: 'text',
  command_line: 'text',
  parent_process: 'text',
  target: 'text',
  attributes: 'text',
  raw: 'text',
  ingested_at: 'bigint',
};

export const EMPLOYEE_TYPES: Record<(typeof EMPLOYEE_COLUMNS)[number], 'text' | 'integer'> = {
  id: 'text',
  full_name: 'text',
  email: 'text',
  department: 'text',
  title: 'text',
  manager_id: 'text',
  location: 'text',
  timezone: 'text',
  work_start_hour: 'integer',
  work_end_hour: 'integer',
  start_date: 'text',
  resignation_date: 'text',
  departure_date: 'text',
  aliases: 'text',
};

/** The JSON columns of events: sent as JSON text inside the row, cast to jsonb when inserted. */
export const JSON_EVENT_COLUMNS = new Set([
  'email_recipients',
  'email_domains',
  'attributes',
  'raw',
]);

/** Rows as one array per column, the shape `unnest` takes. */
export function transpose(rows: readonly unknown[][], width: number): unknown[][] {
  const columns: unknown[][] = Array.from({ length: width }, () => new Array<unknown>(rows.length));
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    for (let c = 0; c < width; c += 1) columns[c]![r] = row[c];
  }
  return columns;
}

/** The events columns, quoted, in EVENT_COLUMNS order. */
export const EVENT_COLUMN_LIST = EVENT_COLUMNS.map((c) => `"${c}"`).join(', ');

/** Positions in EVENT_COLUMNS of the plain columns, then of the JSON ones: a row's order in transit. */
const PLAIN_AT = EVENT_COLUMNS.flatMap((c, i) => (JSON_EVENT_COLUMNS.has(c) ? [] : [i]));
const JSON_AT = EVENT_COLUMNS.flatMap((c, i) => (JSON_EVENT_COLUMNS.has(c) ? [i] : []));
const TRANSIT_ORDER = [...PLAIN_AT, ...JSON_AT];

/**
 * The events columns read from `r`, one element of a JSON array of rows (see
 * {@link eventsJson}). A JSON column arrives as `[value]` and is taken as jsonb (`->0`), or as
 * `[]` for null (`'null'::jsonb -> 0` is jsonb null, not SQL null).
 */
export function eventsFromJsonRows(): string {
  return EVENT_COLUMNS.map((c, i) => {
    const at = TRANSIT_ORDER.indexOf(i);
    if (JSON_EVENT_COLUMNS.has(c)) return `(r->${at})->0`;
    return EVENT_TYPES[c] === 'text' ? `r->>${at}` : `(r->>${at})::${EVENT_TYPES[c]}`;
  }).join(', ');
}

/** `jsonb_array_elements($n::jsonb) as r`: the rows of one {@link eventsJson} parameter. */
export const eventsJsonRows = (param = 1) => `jsonb_array_elements($${param}::jsonb) as r`;

/**
 * Events rows as the one parameter of a chunk's statement: a JSON array of positional rows,
 * plain columns first, then each JSON column's text as it is, wrapped in `[ ]` (`[]` when
 * null). Sending a record's JSON as a JSON string instead escaped every quote of it here and
 * made the server unescape it, then parse it a second time: a raw record is most of a row.
 */
export function eventsJson(rows: readonly EventValues[]): string {
  const out = new Array<string>(rows.length);
  const plain = new Array<unknown>(PLAIN_AT.length);
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    for (let k = 0; k < PLAIN_AT.length; k += 1) plain[k] = row[PLAIN_AT[k]!];
    let text = JSON.stringify(plain).slice(0, -1);
    for (const at of JSON_AT) {
      const value = row[at];
      text += value === null || value === undefined ? ',[]' : `,[${value as string}]`;
    }
    out[r] = `${text}]`;
  }
  return `[${out.join(',')}]`;
}
