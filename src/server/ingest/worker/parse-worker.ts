import { parentPort } from 'node:worker_threads';

import { openParse } from '../pipeline/parse-setup';
import { readBatch, refusedReading } from '../pipeline/read-batch';
import { recordStream } from '../pipeline/record-stream';
import type { EventValues } from '../store/event-row';
import type { BatchStage, EmployeeValues } from '../store/staged-rows';
import type { QuarantineValues } from '../quarantine/quarantine-row';
import { InputRefused } from '../framing/binary-input';
import type { FromWorker, ToWorker } from './protocol';
import { ROWS_WINDOW } from './protocol';

/*
 * A parse worker: frames and parses a batch's bytes on its own thread and sends the rows back
 * to be staged, so that parsing the next chunk overlaps writing the last one. It runs one batch
 * at a time and is reused for the next (see worker-pool.ts).
 */

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs only as a worker thread');

type Start = Extract<ToWorker, { type: 'start' }>;

/** One batch being parsed. */
class WorkerBatch implements BatchStage {
  readonly chunkRows: number;
  private readonly chunks: Uint8Array[] = [];
  private ended = false;
  private wakeReader: (() => void) | null = null;
  /** Row chunks sent and not yet staged by the main thread. */
  private unstaged = 0;
  private wakeWriter: (() => void) | null = null;

  constructor(private readonly start: Start) {
    this.chunkRows = start.chunkRows;
  }

  private post(message: FromWorker): void {
    port!.postMessage(message);
  }

  receive(message: ToWorker): void {
    if (message.type === 'bytes') this.chunks.push(message.chunk);
    else if (message.type === 'end') this.ended = true;
    else if (message.type === 'staged') {
      this.unstaged -= 1;
      this.wakeWriter?.();
      this.wakeWriter = null;
      return;
    }
    this.wakeReader?.();
    this.wakeReader = null;
  }

  /** The input as it arrives; each chunk taken asks for one more. */
  private async *bytes(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk !== undefined) {
        this.post({ type: 'pull', batch: this.start.batch });
        yield chunk;
      } else if (this.ended) {
        return;
      } else {
        await new Promise<void>((wake) => (this.wakeReader = wake));
      }
    }
  }

  private async send(message: FromWorker): Promise<void> {
    this.post(message);
    this.unstaged += 1;
    while (this.unstaged >= ROWS_WINDOW) {
      await new Promise<void>((wake) => (this.wakeWriter = wake));
    }
  }

  addEvents(rows: readonly EventValues[]): Promise<void> {
    return this.send({ type: 'events', batch: this.start.batch, rows: rows as EventValues[] });
  }

  addEmployees(rows: readonly EmployeeValues[]): Promise<void> {
    return this.send({
      type: 'employees',
      batch: this.start.batch,
      rows: rows as EmployeeValues[],
    });
  }

  addQuarantined(rows: readonly QuarantineValues[]): Promise<void> {
    return this.send({
      type: 'quarantined',
      batch: this.start.batch,
      rows: rows as QuarantineValues[],
    });
  }

  discard(): Promise<void> {
    this.post({ type: 'discard', batch: this.start.batch });
    return Promise.resolve();
  }

  async run(): Promise<void> {
    const { batch, setup, framing } = this.start;
    try {
      const opened = openParse(setup);
      let records;
      try {
        records = await recordStream(this.bytes(), framing);
      } catch (error) {
        if (!(error instanceof InputRefused)) throw error;
        this.post({ type: 'done', batch, reading: refusedReading(error.message) });
        return;
      }
      const reading = await readBatch(records, {
        ...opened,
        stage: this,
        integrationId: setup.integrationId,
        now: setup.ingestedAt,
        onProgress: (progress) => this.post({ type: 'progress', batch, progress }),
      });
      this.post({ type: 'done', batch, reading });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.post({ type: 'failed', batch, message: failure.message, stack: failure.stack });
    }
  }
}

let current: WorkerBatch | null = null;
let currentBatch = -1;

port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    currentBatch = message.batch;
    current = new WorkerBatch(message);
    void current.run();
  } else if (message.batch === currentBatch) {
    current?.receive(message);
  }
});
