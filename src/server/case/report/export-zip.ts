import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';

import { ZipFile } from 'yazl';

import type { DatabaseHandle } from '../../db/database';
import { csvLine } from './csv';
import { exportIdentities } from './export-redaction';
import type { ExportIdentities, RedactedReport } from './export-redaction';
import type { Cell } from '../../analysis/findings/topic-report';
import type { FindingTable } from './finding-table';
import { renderPdfReport } from './pdf-report';
import { incidentTimelineCsv, startSubjectEventsCsv } from './timeline-csv';

/** One file of the export as the manifest lists it. */
export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
}

/** manifest.json: who exported which case when, and the SHA-256 and size of every other file. */
export interface ExportManifest {
  format: 'vigil-case-export/1';
  investigationId: string;
  title: string;
  subjectEmployeeId: string;
  window: { start: string; end: string };
  generatedAt: string;
  generatedBy: { displayName: string; email: string };
  /** Whether people are pseudonymized in the files, and why pins' hashes differ from them. */
  identities: ExportIdentities;
  files: ManifestFile[];
}

/** What the export says once its last byte is written. */
export interface ExportResult {
  manifest: ExportManifest;
  manifestSha256: string;
}

/**
 * Deflate level 1. Measured on the bench's million-event timeline (151 MB of CSV): level 1
 * wrote 25.4 MB in 0.66 s of CPU, level 6 wrote 20.1 MB in 1.57 s. A fifth smaller is not
 * worth more than twice the time when the budget is ten seconds.
 */
const COMPRESSION = 1;

/** Rows of a finding table per chunk: each chunk is redacted and hashed as one string. */
const TABLE_ROWS_PER_CHUNK = 500;

/** A text file of the export: chunks of whole lines (CSV) or one whole document (JSON). */
type TextSource = () => AsyncIterable<string> | Iterable<string>;

/** A finding table as CSV: times in ISO 8601 (UTC), everything else as the finding gave it. */
function findingCsv(table: FindingTable): TextSource {
  const times = table.columns.map((c) => c.kind === 'time');
  return function* () {
    yield csvLine(table.columns.map((c) => c.name));
    let chunk = '';
    let n = 0;
    for (const row of table.rows) {
      const line: Cell[] = row.slice();
      for (let i = 0; i < line.length; i++)
        if (times[i] && typeof line[i] === 'number')
          line[i] = new Date(line[i] as number).toISOString();
      chunk += csvLine(line);
      if (++n === TABLE_ROWS_PER_CHUNK) {
        yield chunk;
        chunk = '';
        n = 0;
      }
    }
    if (chunk) yield chunk;
  };
}

/** Passes bytes through, counting them and hashing them, and reports both when they end. */
function hashing(path: string, source: Readable, record: (file: ManifestFile) => void): Readable {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      hash.update(bytes);
      size += bytes.length;
      done(null, bytes);
    },
    flush(done) {
      record({ path, sha256: hash.digest('hex'), size });
      done();
    },
  });
  source.on('error', (error) => tap.destroy(error));
  return source.pipe(tap);
}

/**
 * A text file's bytes: each chunk redacted (whole lines or a whole document, so no name is cut
 * in two), then hashed and counted as it is written; the file is recorded when it ends. The
 * stream is pulled by the ZIP's deflate, so a chunk is made only when the last one is taken.
 */
function redactedText(
  path: string,
  chunks: AsyncIterable<string> | Iterable<string>,
  redact: (text: string) => string,
  record: (file: ManifestFile) => void,
): Readable {
  return Readable.from(
    (async function* () {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of chunks) {
        const bytes = Buffer.from(redact(chunk));
        hash.update(bytes);
        size += bytes.length;
        yield bytes;
      }
      record({ path, sha256: hash.digest('hex'), size });
    })(),
    { objectMode: false },
  );
}

/**
 * The case as a ZIP, streamed: report.pdf, a CSV of every finding table, the incident timeline
 * and every event of the subject in the window (read page by page, never all at once), the
 * pinned evidence as JSON with its raw records and hashes, and manifest.json last, with the
 * SHA-256 and size of every other file as they were written. Each file is produced only when
 * the ZIP reaches it and each chunk only when deflate takes the last (back-pressure), so memory
 * stays flat however many events the window holds. People are pseudonymized as the files are
 * made (the model arrives redacted; each CSV and JSON chunk passes the redactor), and the
 * manifest says so, with the reason a pin's stored hashes do not match its redacted copy.
 */
export function exportZip(
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'sqlite' | 'pool'>,
  gathered: RedactedReport,
  hooks: {
    /** Runs once the manifest is made and before its bytes are written (the route audits here). */
    beforeManifest?: (manifest: ExportManifest, manifestSha256: string) => Promise<void>;
  } = {},
): { stream: Readable; result: Promise<ExportResult> } {
  const { model, ctx, tables, redaction } = gathered;
  const c = model.cover.investigation;
  const files: ManifestFile[] = [];
  const zip = new ZipFile();
  const mtime = new Date(model.generatedAt);
  const output = new PassThrough();
  let settle: { resolve: (r: ExportResult) => void; reject: (e: unknown) => void };
  const result = new Promise<ExportResult>((resolve, reject) => (settle = { resolve, reject }));
  // A failure is reported through the stream; the promise is for callers that want the result.
  result.catch(() => undefined);
  const fail = (error: unknown) => {
    settle.reject(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };

  const lazy = (path: string, open: () => Readable) =>
    zip.addReadStreamLazy(path, { mtime, compressionLevel: COMPRESSION }, (cb) => {
      try {
        const stream = open();
        stream.on('error', fail);
        cb(null, stream);
      } catch (error) {
        fail(error);
      }
    });
  const record = (file: ManifestFile) => files.push(file);
  // The one place each kind of file is redacted: the PDF is drawn from the redacted model;
  // every CSV and JSON file passes its chunks through the redactor as they are written.
  const add = (path: string, source: () => Readable) =>
    lazy(path, () => hashing(path, source(), record));
  const addText = (path: string, kind: 'csv' | 'json', source: TextSource) =>
    lazy(path, () =>
      redactedText(path, source(), kind === 'json' ? redaction.json : redaction.text, record),
    );

  add('report.pdf', () => renderPdfReport(model));
  // The subject's timeline, a million lines, passes the same redactor cell by cell: each
  // distinct cell once, and a page whole whenever one of its cells names someone. Its pages
  // are written on worker threads, which start now and read ahead while the PDF is drawn.
  const timeline = startSubjectEventsCsv(
    handle,
    ctx.subject.id,
    { from: c.windowStart, to: c.windowEnd },
    redaction.text,
  );
  add('timeline/subject-events.csv', () => Readable.from(timeline.chunks, { objectMode: false }));
  addText('timeline/incident-events.csv', 'csv', () =>
    incidentTimelineCsv(handle.db, handle.dialect, c.id),
  );
  for (const table of tables) addText(`findings/${table.file}`, 'csv', findingCsv(table));
  addText('evidence/pins.json', 'json', () => [
    `${JSON.stringify(
      {
        investigationId: c.id,
        note: `content is what the server captured, raw records included; contentSha256 is the SHA-256 of its canonical JSON (RFC 8785), rawHashes that of each raw record, as captured.${redaction.pseudonymize ? ' People in content are pseudonymized (see identities in manifest.json), so the hashes do not match this copy: they match the stored evidence. A pin whose content this export does not show whole (hash: hmac-sha256) carries HMAC-SHA-256 of each SHA-256 under the installation’s evidence key instead, so a hash cannot be recomputed from a guessed name; Vigil’s Verify checks it.' : ''}`,
        pins: model.pins,
      },
      null,
      2,
    )}\n`,
  ]);
  zip.addReadStreamLazy('manifest.json', { mtime, compressionLevel: COMPRESSION }, (cb) => {
    const manifest: ExportManifest = {
      format: 'vigil-case-export/1',
      investigationId: c.id,
      title: c.title,
      subjectEmployeeId: c.subject.id,
      window: {
        start: new Date(c.windowStart).toISOString(),
        end: new Date(c.windowEnd).toISOString(),
      },
      generatedAt: new Date(model.generatedAt).toISOString(),
      generatedBy: model.generatedBy,
      identities: exportIdentities(redaction),
      files: [...files],
    };
    const text = redaction.json(`${JSON.stringify(manifest, null, 2)}\n`);
    const manifestSha256 = createHash('sha256').update(text).digest('hex');
    void (hooks.beforeManifest?.(manifest, manifestSha256) ?? Promise.resolve()).then(() => {
      settle.resolve({ manifest, manifestSha256 });
      cb(null, Readable.from([Buffer.from(text)]));
    }, fail);
  });
  zip.end();
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);
  // The reader went away (a closed tab), or the export failed: stop, and say so (a settled
  // result stays as it is).
  output.on('close', () => {
    timeline.close();
    settle.reject(new Error('The export was abandoned before its manifest.'));
  });
  return { stream: output, result };
}
