import os from 'node:os';
import type { Worker } from 'node:worker_threads';

import type { DatabaseHandle } from '../../db/database';
import { startTypeScriptWorker } from '../../threads/typescript-worker';
import { exportReaderSource, subjectEventPages } from '../../db/queries/case-export';
import type { ExportEventTuple, ExportReaderSource } from '../../db/queries/case-export';
import { SubjectCsvWriter } from './subject-csv-writer';
import type { SubjectCsvPage } from './subject-csv-writer';
import type { FromSubjectCsvWorker, SubjectCsvJob, ToSubjectCsvWorker } from './subject-csv-worker';

/**
 * Who writes which slice of the window, in turn: a worker's number, or HERE for this thread.
 * Two workers where there are two cores: reading a million rows and writing their lines is
 * most of the export's work, more than one core does in the ten seconds the export may take.
 */
const HERE = -1;
const TURNS: readonly number[] = os.availableParallelism() > 1 ? [0, 1] : [HERE];
/**
 * Slices of the window per turn. The writers take the slices in turn, each writing its next
 * slice while the main thread sends the others', so a slice should fit in the pages a worker
 * may write ahead: 64 slices of the bench's 91 days hold about 16,000 events each.
 */
const SLICES_PER_TURN = 32;
/** Pages a worker may write ahead of the one sent: a slice's worth, a few megabytes. */
const AHEAD = 24;

/** A worker writing `job` (subject-csv-worker.ts). */
function startWorker(job: SubjectCsvJob): Worker {
  // A young generation of 32 MB (not the default 48, nor the 16 once chosen under a load of
  // 15-19): on a quiet machine 16 MB spent a quarter of each worker's time collecting garbage;
  // 32 MB made the PostgreSQL bench case's export 9.1-10.4 -> 8.1-9.3 s, CPU 12.1-13.6 ->
  // 10.4-10.6 s, for 20-40 MB more peak RSS (SQLite: 7.6-8.3 s against 8.0-8.8 s).
  return startTypeScriptWorker(new URL('./subject-csv-worker.ts', import.meta.url), {
    workerData: job,
    resourceLimits: { maxYoungGenerationSizeMb: 32 },
  });
}

/** One worker and what it sent that was not yet taken. */
class WorkerPages {
  readonly #worker: Worker;
  readonly #arrived: Array<SubjectCsvPage | 'slice-end'> = [];
  #failure: Error | null = null;
  #exited = false;
  #wake: (() => void) | null = null;

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: FromSubjectCsvWorker) => {
      if (message.type === 'page') this.#arrived.push(message.page);
      else if (message.type === 'slice-end') this.#arrived.push('slice-end');
      else this.#failure ??= Object.assign(new Error(message.message), { stack: message.stack });
      this.#notify();
    });
    worker.on('error', (error) => {
      this.#failure ??= error;
      this.#notify();
    });
    worker.on('exit', () => {
      this.#exited = true;
      this.#notify();
    });
  }

  #notify(): void {
    this.#wake?.();
    this.#wake = null;
  }

  /** The next page of the slice being read, or null at its end; each page taken lets it write one more. */
  async next(): Promise<SubjectCsvPage | null> {
    for (;;) {
      const item = this.#arrived.shift();
      if (item === 'slice-end') return null;
      if (item) {
        this.#worker.postMessage({ type: 'more' } satisfies ToSubjectCsvWorker);
        return item;
      }
      if (this.#failure) throw this.#failure;
      if (this.#exited)
        throw new Error('The timeline’s worker stopped before its slices were written.');
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  stop(): void {
    void this.#worker.terminate();
  }
}

/** [from, to) cut into `count` slices of equal length, in time order. */
function slicesOf(window: { from: number; to: number }, count: number) {
  const span = window.to - window.from;
  return Array.from({ length: count }, (_, i) => ({
    from: window.from + Math.floor((span * i) / count),
    to: i === count - 1 ? window.to : window.from + Math.floor((span * (i + 1)) / count),
  }));
}

/** The workers TURNS names, each with its slices, or null when none can be had. */
function startWorkers(
  source: ExportReaderSource,
  employeeId: string,
  slices: ReadonlyArray<{ from: number; to: number }>,
  pageRows: number,
): WorkerPages[] | null {
  const started: WorkerPages[] = [];
  const count = Math.max(...TURNS) + 1;
  try {
    for (let w = 0; w < count; w++) {
      const mine = slices.filter((_, i) => TURNS[i % TURNS.length] === w);
      const job = { source, employeeId, slices: mine, pageRows, credit: AHEAD };
      started.push(new WorkerPages(startWorker(job)));
    }
    return started;
  } catch {
    // No worker to be had (tsx not found, threads exhausted): every slice is written here.
    for (const worker of started) worker.stop();
    return null;
  }
}

/**
 * The subject timeline's CSV pages (SubjectCsvWriter), every event of the subject in the
 * window oldest first, each with the number of the writer that wrote it (each writer numbers
 * its own cells). Where another connection can see the data (not an in-memory SQLite
 * database) they are written on worker threads, started at once so they read ahead while the
 * export writes the files before the timeline: the window is cut into slices of time, which
 * the workers read, write and deflate in turn through connections of their own, so both
 * cores work while the main thread redacts, hashes and sends the pages in order. The pages are
 * the same bytes however they are written. `close` ends the workers (the iteration ends them
 * too when it ends, early or not).
 */
export class SubjectCsvFeed {
  readonly #workers: WorkerPages[] | null;
  readonly #slices: ReadonlyArray<{ from: number; to: number }>;
  readonly #here: (slice: { from: number; to: number }) => AsyncGenerator<ExportEventTuple[]>;

  constructor(
    handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
    employeeId: string,
    window: { from: number; to: number },
    pageRows: number,
  ) {
    const source = exportReaderSource(handle);
    const slices = slicesOf(window, TURNS.length * SLICES_PER_TURN);
    const workers =
      source && TURNS.some((turn) => turn !== HERE)
        ? startWorkers(source, employeeId, slices, pageRows)
        : null;
    this.#workers = workers;
    this.#slices = workers ? slices : [window];
    this.#here = (slice) => subjectEventPages(handle, employeeId, slice, pageRows);
  }

  async *pages(): AsyncGenerator<{ writer: number; page: SubjectCsvPage }> {
    try {
      const workers = this.#workers;
      // This thread's writer is numbered after the workers.
      const here = { number: workers?.length ?? 0, writer: new SubjectCsvWriter() };
      for (let i = 0; i < this.#slices.length; i++) {
        const turn = workers ? TURNS[i % TURNS.length]! : HERE;
        if (turn === HERE) {
          for await (const rows of this.#here(this.#slices[i]!))
            yield { writer: here.number, page: here.writer.page(rows) };
        } else {
          const worker = workers![turn]!;
          for (let page = await worker.next(); page; page = await worker.next())
            yield { writer: turn, page };
        }
      }
    } finally {
      this.close();
    }
  }

  close(): void {
    for (const worker of this.#workers ?? []) worker.stop();
  }
}
