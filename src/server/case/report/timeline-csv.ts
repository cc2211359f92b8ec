import type { Kysely } from 'kysely';

import { eventSummary } from '../../presenters/event';
import type { Dialect } from '../../db/dialect';
import type { DatabaseHandle } from '../../db/database';
import { incidentEventLinkPages } from '../../db/queries/case-export';
import { timelineEvents } from '../../db/queries/incidents';
import type { Database } from '../../db/schema';
import { csvLine } from './csv';
import { SubjectCsvFeed } from './subject-csv-feed';
import { CleanPages } from './subject-csv-writer';
import type { RedactedPage } from './subject-csv-writer';
import { INCIDENT_CSV_COLUMNS, INCIDENT_CSV_HEADER, SUBJECT_CSV_HEADER } from './timeline-columns';

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

/**
 * Every event of the subject in [from, to), oldest first, as CSV with people redacted: the
 * header, then one chunk of whole lines per page of rows, Buffers of UTF-8, each with its
 * page's deflated ZIP segment where a worker made one and the redactor left the page as it was.
 * The pages are written apart from the redactor (on worker threads where they can read the
 * data, started at once: SubjectCsvFeed), and each distinct cell is shown to `redact` once, not
 * once per row: a page whose cells `redact` all leaves as they are is written as it is, and any
 * other page passes `redact` whole, as every chunk of the export does (CleanPages). `close`
 * stops the writing when the chunks are not wanted after all (ending the chunks stops it too).
 */
export function startSubjectEventsCsv(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
  employeeId: string,
  window: { from: number; to: number },
  redact: (text: string) => string,
): { chunks: AsyncGenerator<RedactedPage>; close(): void } {
  const feed = new SubjectCsvFeed(handle, employeeId, window, subjectPageRows(handle));
  return {
    chunks: (async function* () {
      try {
        yield { bytes: Buffer.from(redact(SUBJECT_CSV_HEADER)) };
        const verdicts: CleanPages[] = [];
        for await (const { writer, page } of feed.pages())
          yield (verdicts[writer] ??= new CleanPages(redact)).redacted(page);
      } finally {
        feed.close();
      }
    })(),
    close: () => feed.close(),
  };
}

/** startSubjectEventsCsv's bytes, for a reader that reads them to the end or ends them. */
export async function* subjectEventsCsv(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
  employeeId: string,
  window: { from: number; to: number },
  redact: (text: string) => string,
): AsyncGenerator<Buffer> {
  for await (const chunk of startSubjectEventsCsv(handle, employeeId, window, redact).chunks)
    yield chunk.bytes;
}

/** Every event of every incident of the case, oldest first, with the incidents it belongs to. */
export async function* incidentTimelineCsv(
  db: Kysely<Database>,
  dialect: Dialect,
  investigationId: string,
): AsyncGenerator<string> {
  yield INCIDENT_CSV_HEADER;
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
            ...INCIDENT_CSV_COLUMNS.map((column) => (column === 'time' ? iso(r.time) : r[column])),
            eventSummary(r),
            link.incidentIds.join('; '),
          ]),
        );
      }
      // Joined once: a string added to line by line is a rope the redactor reads slowly.
      if (lines.length > 0) yield lines.join('');
    }
  }
}
