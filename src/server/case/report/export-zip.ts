import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import type { DatabaseHandle } from '../../db/database';
import { csvLine } from './csv';
import { exportIdentities } from './export-redaction';
import type { ExportIdentities, RedactedReport } from './export-redaction';
import type { Cell } from '../../analysis/findings/topic-report';
import type { FindingTable } from './finding-table';
import { renderPdfReport } from './pdf-report';
import { incidentTimelineCsv, startSubjectEventsCsv } from './timeline-csv';
import { zipStream } from './zip-stream';
import type { ZipChunk, ZipSource } from './zip-stream';

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

/** Passes a file's chunks on, hashing and counting their bytes, and records the file at its end. */
async function* hashed(
  path: string,
  chunks: AsyncIterable<ZipChunk>,
  record: (file: ManifestFile) => void,
): AsyncGenerator<ZipChunk> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of chunks) {
    hash.update(chunk.bytes);
    size += chunk.bytes.length;
    yield chunk;
  }
  record({ path, sha256: hash.digest('hex'), size });
}

/** A stream's buffers as chunks of a file. */
async function* chunksOf(stream: Readable): AsyncGenerator<ZipChunk> {
  for await (const bytes of stream as AsyncIterable<Buffer>) yield { bytes };
}

/**
 * A text file's chunks, each redacted (whole lines or a whole document, so no name is cut in
 * two). A chunk is made only when the ZIP takes the last one.
 */
async function* redactedText(
  chunks: AsyncIterable<string> | Iterable<string>,
  redact: (text: string) => string,
): AsyncGenerator<ZipChunk> {
  for await (const chunk of chunks) yield { bytes: Buffer.from(redact(chunk)) };
}

/**
 * The case as a ZIP, streamed: report.pdf, a CSV of every finding table, the incident timeline
 * and every event of the subject in the window (read page by page, never all at once), the
 * pinned evidence as JSON with its raw records and hashes, and manifest.json last, with the
 * SHA-256 and size of every other file as they were written. Each file is produced only when
 * the ZIP reaches it and each chunk only when the reader takes the last (back-pressure), so
 * memory stays flat however many events the window holds. People are pseudonymized as the files are
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
  const record = (file: ManifestFile) => files.push(file);
  let settle: { resolve: (r: ExportResult) => void; reject: (e: unknown) => void };
  const result = new Promise<ExportResult>((resolve, reject) => (settle = { resolve, reject }));
  // A failure is reported through the stream; the promise is for callers that want the result.
  result.catch(() => undefined);

  const sources: ZipSource[] = [];
  // The one place each kind of file is redacted: the PDF is drawn from the redacted model;
  // every CSV and JSON file passes its chunks through the redactor as they are written.
  const add = (path: string, chunks: () => AsyncIterable<ZipChunk>) =>
    sources.push({ path, open: () => hashed(path, chunks(), record) });
  const addText = (path: string, kind: 'csv' | 'json', source: TextSource) =>
    add(path, () => redactedText(source(), kind === 'json' ? redaction.json : redaction.text));

  add('report.pdf', () => chunksOf(renderPdfReport(model)));
  // The subject's timeline, a million lines, passes the same redactor cell by cell: each
  // distinct cell once, and a page whole whenever one of its cells names someone. Its pages
  // are written and deflated on worker threads, which start now and read ahead while the PDF
  // is drawn.
  const timeline = startSubjectEventsCsv(
    handle,
    ctx.subject.id,
    { from: c.windowStart, to: c.windowEnd },
    redaction.text,
  );
  add('timeline/subject-events.csv', () => timeline.chunks);
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
  sources.push({
    path: 'manifest.json',
    // Opened once every other file is written, so `files` lists them all.
    open: async function* () {
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
      await hooks.beforeManifest?.(manifest, manifestSha256);
      settle.resolve({ manifest, manifestSha256 });
      yield { bytes: Buffer.from(text) };
    },
  });

  const stream = Readable.from(zipStream(sources, new Date(model.generatedAt)), {
    objectMode: false,
  });
  // A failure ends the stream with its error; the reader going away (a closed tab) ends it
  // too. Either way the timeline's workers stop, and a result not yet settled says why.
  stream.on('error', (error) => settle.reject(error));
  stream.on('close', () => {
    timeline.close();
    settle.reject(new Error('The export was abandoned before its manifest.'));
  });
  return { stream, result };
}
