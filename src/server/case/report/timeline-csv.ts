import type { Kysely } from 'kysely';

import { eventSummary } from '../../presenters/event';
import type { Dialect } from '../../db/dialect';
import type { DatabaseHandle } from '../../db/database';
import { EVENT_COLUMNS } from '../../db/queries/event-columns';
import { incidentEventLinkPages, subjectEventPages } from '../../db/queries/case-export';
import type { EventListRow } from '../../db/queries/event-columns';
import { timelineEvents } from '../../db/queries/incidents';
import type { Database } from '../../db/schema';
import { csvField, csvLine, csvText } from './csv';

/** Rows read from the database at a time: a page is written out before the next is read. */
const PAGE_ROWS = 5000;
/** Links of events to incidents read at a time (a few bytes each). */
const INCIDENT_LINK_ROWS = 20_000;
/**
 * The subject's timeline, the export's one big file, is read in small pages from SQLite (a page
 * is a synchronous call: small ones keep the process responsive and its garbage young) and in
 * somewhat larger ones from PostgreSQL (each page is a round trip, the next one read while this
 * one is written out). 5,000 rows a page there kept twice the garbage collection of 2,000
 * (2.7 s against 1.2 s over a million events) for the same time waiting for the server.
 */
const subjectPageRows = (handle: Pick<DatabaseHandle, 'sqlite'>) => (handle.sqlite ? 1000 : 2000);

const iso = (ms: number) => new Date(ms).toISOString();

/** The header of the subject timeline's CSV: EVENT_COLUMNS' names, then the sentence. */
const CSV_HEADER = [
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

/** The fields the sentence (eventSummary) is made of. */
const SUMMARY_FIELDS = [
  'activity',
  'action',
  'outcome',
  'app',
  'target',
  'file_name',
  'file_label',
  'file_destination',
  'repository',
  'chat_channel',
  'email_subject',
  'process_name',
] as const;
const SUMMARY_INDEXES = SUMMARY_FIELDS.map((field) => EVENT_COLUMNS.indexOf(field));

/**
 * ISO 8601 times (UTC, milliseconds) of a timeline read in order: the date part is made once
 * per day and the time of day from two- and three-digit tables, instead of a Date per row.
 */
class IsoTimes {
  #day = Number.NaN;
  #prefix = '';

  format(ms: number): string {
    let t = ms - this.#day;
    if (!(t >= 0 && t < DAY)) {
      this.#day = ms - (((ms % DAY) + DAY) % DAY);
      this.#prefix = iso(this.#day).slice(0, 11);
      t = ms - this.#day;
    }
    const h = Math.floor(t / 3_600_000);
    const m = Math.floor(t / 60_000) % 60;
    const s = Math.floor(t / 1000) % 60;
    return `${this.#prefix}${TWO[h]}:${TWO[m]}:${TWO[s]}.${THREE[t % 1000]}Z`;
  }
}
const DAY = 86_400_000;
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * A page's lines as one flat string. Lines added one by one to a string make a rope of a
 * thousand pieces, which the redactor reads a character at a time at half the speed of a flat
 * string (200,000 lines of the bench's timeline: 0.5-0.7 s against 0.25-0.35 s); joining them
 * costs no more than adding them one by one did.
 */
function flatText(lines: readonly string[]): string {
  return lines.join('');
}

/** How many distinct values of one column are remembered before the column starts afresh. */
const MAX_CELLS = 20_000;

/** A distinct value's CSV text, and whether it may be written without passing the redactor. */
interface Cell {
  text: string;
  clean: boolean;
}

/**
 * The CSV cells of a column's distinct values, each encoded and shown to the redactor once.
 * A cell is clean when the redactor leaves it as it is and it does not start with white space:
 * the redactor reads a name across a comma only when a space follows it ("Okafor, Maya"), and
 * no other match crosses a comma or a line break, so a line of clean cells is its own
 * redaction. A column with more distinct values than MAX_CELLS starts afresh.
 */
class CellCache {
  readonly #cells = new Map<string, Cell>();
  readonly #redact: (text: string) => string;
  /** The last value asked for: rows in time order often repeat it, and no hash is needed. */
  #lastValue: string | null = null;
  #last: Cell | null = null;

  constructor(redact: (text: string) => string) {
    this.#redact = redact;
  }

  of(value: string): Cell {
    if (value === this.#lastValue) return this.#last!;
    let cell = this.#cells.get(value);
    if (cell === undefined) {
      const text = csvText(value);
      const first = text.charCodeAt(0);
      cell = {
        text,
        clean: first !== 32 && first !== 9 && first !== 160 && this.#redact(text) === text,
      };
      if (this.#cells.size >= MAX_CELLS) this.#cells.clear();
      this.#cells.set(value, cell);
    }
    this.#lastValue = value;
    this.#last = cell;
    return cell;
  }
}

/**
 * Every event of the subject in [from, to), oldest first, as CSV with people redacted: a
 * header, then one chunk of lines per page of rows. A million rows make this the export's one
 * big file, so a line is written straight from the row's array: one object (reused) carries
 * the fields of the sentence, and no array or object is made per row. Each distinct text of a
 * column (and each distinct sentence) is encoded and passed to `redact` once, not once per
 * row: a page whose cells `redact` all leaves as they are is written as it is, and any other
 * page passes `redact` whole, as every chunk of the export does. The first two cells, the
 * event's id and its time in ISO 8601, are digits and punctuation, which name nobody (tokens
 * that start with a digit are passed over by the redactor).
 */
export async function* subjectEventsCsv(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
  employeeId: string,
  window: { from: number; to: number },
  redact: (text: string) => string,
): AsyncGenerator<string> {
  yield redact(csvLine(CSV_HEADER));
  const times = new IsoTimes();
  const fields: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS) fields[field] = null;
  const summaryRow = fields as unknown as EventListRow;
  const columns = EVENT_COLUMNS.length;
  const cells = Array.from({ length: columns }, () => new CellCache(redact));
  const summaries = new CellCache(redact);
  for await (const rows of subjectEventPages(handle, employeeId, window, subjectPageRows(handle))) {
    const lines = new Array<string>(rows.length);
    let n = 0;
    let clean = true;
    for (const r of rows) {
      for (let i = 0; i < SUMMARY_FIELDS.length; i++)
        fields[SUMMARY_FIELDS[i]!] = r[SUMMARY_INDEXES[i]!];
      // The row is in EVENT_COLUMNS' order, which the header follows: the id, the time
      // in ISO 8601, the fields as stored, and a sentence.
      let line = `${Number(r[0])},${times.format(Number(r[1]))}`;
      for (let i = 2; i < columns; i++) {
        const value = r[i];
        if (value === null || value === undefined) line += ',';
        else if (typeof value === 'string') {
          const cell = cells[i]!.of(value);
          if (!cell.clean) clean = false;
          line += `,${cell.text}`;
        } else line += `,${csvField(value)}`;
      }
      const summary = summaries.of(eventSummary(summaryRow));
      if (!summary.clean) clean = false;
      lines[n++] = `${line},${summary.text}\r\n`;
    }
    const text = flatText(lines);
    yield clean ? text : redact(text);
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
  for await (const links of incidentEventLinkPages(db, investigationId, INCIDENT_LINK_ROWS)) {
    for (let i = 0; i < links.length; i += PAGE_ROWS) {
      const page = links.slice(i, i + PAGE_ROWS);
      const rows = new Map(
        (
          await timelineEvents(
            db,
            dialect,
            page.map((link) => link.eventId),
            // A link holds its event's time, and the links come in time order.
            { from: page[0]!.time, to: page[page.length - 1]!.time },
          )
        ).map((r) => [Number(r.id), r]),
      );
      const lines: string[] = [];
      for (const link of page) {
        const r = rows.get(link.eventId);
        // An event removed since it was linked (retention) has nothing left to print.
        if (!r) continue;
        lines.push(
          csvLine([
            r.id,
            iso(r.time),
            r.source,
            r.category,
            r.activity,
            r.action,
            r.outcome,
            r.app,
            eventSummary(r),
            link.incidentIds.join('; '),
          ]),
        );
      }
      if (lines.length > 0) yield flatText(lines);
    }
  }
}
