import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

import { openExportReader, subjectEventPages } from '../../db/queries/case-export';
import type { ExportReaderSource } from '../../db/queries/case-export';
import { SubjectCsvWriter } from './subject-csv-writer';
import { deflateSegment } from './zip-stream';
import type { SubjectCsvPage } from './subject-csv-writer';

/*
 * Part of the subject timeline's CSV written on a thread of its own (see subject-csv-feed.ts):
 * this thread reads its slices of the window through its own connection, writes their pages
 * and deflates each for the ZIP, while the main thread redacts, hashes and sends the pages
 * before them.
 */

/** What one worker is asked to write. */
export interface SubjectCsvJob {
  source: ExportReaderSource;
  employeeId: string;
  /** Its slices of the window, in time order: every event of the subject in each, oldest first. */
  slices: Array<{ from: number; to: number }>;
  pageRows: number;
  /** Pages it may write before the main thread asks for more. */
  credit: number;
}

/** main → worker: take one more page. */
export type ToSubjectCsvWorker = { type: 'more' };

/** worker → main: a page, the end of a slice, or what went wrong. */
export type FromSubjectCsvWorker =
  | { type: 'page'; page: SubjectCsvPage }
  | { type: 'slice-end' }
  | { type: 'failed'; message: string; stack: string | undefined };

if (!parentPort) throw new Error('subject-csv-worker.ts runs only as a worker thread');
const port: MessagePort = parentPort;
const job = workerData as SubjectCsvJob;
let credit = job.credit;
let wake: (() => void) | null = null;

port.on('message', (message: ToSubjectCsvWorker) => {
  if (message.type !== 'more') return;
  credit += 1;
  wake?.();
  wake = null;
});

const post = (message: FromSubjectCsvWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

/** A page's bytes move to the main thread where they own their memory whole (no copy). */
function transferable(page: SubjectCsvPage): ArrayBuffer[] {
  const owned: ArrayBuffer[] = [];
  for (const bytes of [page.bytes, page.deflated]) {
    if (!bytes) continue;
    const { buffer, byteOffset, byteLength } = bytes;
    if (byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer)
      owned.push(buffer);
  }
  return owned;
}

async function run(): Promise<void> {
  const reader = openExportReader(job.source);
  try {
    const writer = new SubjectCsvWriter();
    for (const slice of job.slices) {
      for await (const rows of subjectEventPages(
        reader.handle,
        job.employeeId,
        slice,
        job.pageRows,
      )) {
        while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
        credit -= 1;
        const page = writer.page(rows);
        // Deflated here, beside the bytes, so the main thread only hashes and sends them.
        page.deflated = deflateSegment(page.bytes);
        post({ type: 'page', page }, transferable(page));
      }
      post({ type: 'slice-end' });
    }
  } finally {
    await reader.close();
  }
}

run().catch((error: unknown) => {
  const failure = error instanceof Error ? error : new Error(String(error));
  post({ type: 'failed', message: failure.message, stack: failure.stack });
});
