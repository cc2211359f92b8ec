import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';

import { ZipFile } from 'yazl';

import type { DatabaseHandle } from '../../db/database';
import { csvLine } from './csv';
import type { GatheredReport } from './gather-report';
import type { Cell, FindingTable } from './finding-table';
import { renderPdfReport } from './pdf-report';
import { incidentTimelineCsv, subjectEventsCsv } from './timeline-csv';

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
  files: ManifestFile[];
}

/** What the export says once its last byte is written. */
export interface ExportResult {
  manifest: ExportManifest;
  manifestSha256: string;
}

/**
 * Deflate level 1: a million-row timeline compresses to about a fifth at level 1 and barely
 * better at 6, which costs three times the time; the budget is ten seconds.
 */
const COMPRESSION = 1;

type Source = () => Readable;

/** A finding table as CSV: times in ISO 8601 (UTC), everything else as the finding gave it. */
function findingCsv(table: FindingTable): Source {
  const cell = (value: Cell, i: number) =>
    table.columns[i]?.kind === 'time' && typeof value === 'number'
      ? new Date(value).toISOString()
      : value;
  return () =>
    Readable.from(
      (function* () {
        yield csvLine(table.columns.map((c) => c.name));
        for (const row of table.rows) yield csvLine(row.map(cell));
      })(),
    );
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
 * The case as a ZIP, streamed: report.pdf, a CSV of every finding table, the incident timeline
 * and every event of the subject in the window (read page by page, never all at once), the
 * pinned evidence as JSON with its raw records and hashes, and manifest.json last, with the
 * SHA-256 and size of every other file as they were written. Each file is produced only when
 * the ZIP reaches it, so memory stays flat however many events the window holds.
 */
export function exportZip(
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'sqlite' | 'pool'>,
  gathered: GatheredReport,
  hooks: {
    /** Runs once the manifest is made and before its bytes are written (the route audits here). */
    beforeManifest?: (manifest: ExportManifest, manifestSha256: string) => Promise<void>;
  } = {},
): { stream: Readable; result: Promise<ExportResult> } {
  const { model, ctx, tables } = gathered;
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

  const add = (path: string, source: Source) =>
    zip.addReadStreamLazy(path, { mtime, compressionLevel: COMPRESSION }, (cb) => {
      try {
        const stream = hashing(path, source(), (file) => files.push(file));
        stream.on('error', fail);
        cb(null, stream);
      } catch (error) {
        fail(error);
      }
    });

  add('report.pdf', () => renderPdfReport(model));
  add('timeline/subject-events.csv', () =>
    Readable.from(
      subjectEventsCsv(handle, ctx.subject.id, {
        from: c.windowStart,
        to: c.windowEnd,
      }),
    ),
  );
  add('timeline/incident-events.csv', () =>
    Readable.from(incidentTimelineCsv(handle.db, handle.dialect, c.id)),
  );
  for (const table of tables) add(`findings/${table.file}`, findingCsv(table));
  add('evidence/pins.json', () =>
    Readable.from([
      `${JSON.stringify(
        {
          investigationId: c.id,
          note: 'content is what the server captured, raw records included; contentSha256 is the SHA-256 of its canonical JSON (RFC 8785), rawHashes that of each raw record.',
          pins: model.pins,
        },
        null,
        2,
      )}\n`,
    ]),
  );
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
      files: [...files],
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    const manifestSha256 = createHash('sha256').update(text).digest('hex');
    void (hooks.beforeManifest?.(manifest, manifestSha256) ?? Promise.resolve()).then(() => {
      settle.resolve({ manifest, manifestSha256 });
      cb(null, Readable.from([Buffer.from(text)]));
    }, fail);
  });
  zip.end();
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);
  // The reader went away (a closed tab): stop, and say so (a settled result stays as it is).
  output.on('close', () =>
    settle.reject(new Error('The export was abandoned before its manifest.')),
  );
  return { stream: output, result };
}
