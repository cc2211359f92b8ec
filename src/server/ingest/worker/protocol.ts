import type { Framing } from '../framing/types';
import type { ParseSetup } from '../pipeline/parse-setup';
import type { BatchReading } from '../pipeline/read-batch';
import type { IngestProgress } from '../pipeline/types';
import type { EventValues } from '../store/event-row';
import type { EmployeeValues } from '../store/staged-rows';
import type { QuarantineValues } from '../quarantine/quarantine-row';

/*
 * The messages between the ingest (main thread) and a parse worker. Bytes go one way, rows
 * the other; each direction has a small window of messages in flight, acknowledged one by one,
 * so neither side can run far ahead of the other and memory stays flat. Every message carries
 * the batch's id: a worker is reused, and a late message of an earlier batch is ignored.
 */

/** How many byte chunks the main thread sends ahead of the worker's reading. */
export const BYTES_WINDOW = 4;
/** How many row chunks the worker sends ahead of the main thread's staging. */
export const ROWS_WINDOW = 3;

/** Main thread → worker. */
export type ToWorker =
  | {
      type: 'start';
      batch: number;
      setup: ParseSetup;
      framing: Framing | undefined;
      /** Rows per chunk the stage wants. */
      chunkRows: number;
    }
  /** The next bytes of the input (copied, their buffer transferred). */
  | { type: 'bytes'; batch: number; chunk: Uint8Array }
  /** The input ended. */
  | { type: 'end'; batch: number }
  /** A chunk of rows was staged. */
  | { type: 'staged'; batch: number };

/** Worker → main thread. */
export type FromWorker =
  /** One more byte chunk may be sent. */
  | { type: 'pull'; batch: number }
  | { type: 'events'; batch: number; rows: EventValues[] }
  | { type: 'employees'; batch: number; rows: EmployeeValues[] }
  | { type: 'quarantined'; batch: number; rows: QuarantineValues[] }
  /** A record was rejected: the batch will not be written, its stage can let go now. */
  | { type: 'discard'; batch: number }
  | { type: 'progress'; batch: number; progress: IngestProgress }
  | { type: 'done'; batch: number; reading: BatchReading }
  /** The worker failed (a bug or a broken input stream), not a record. */
  | { type: 'failed'; batch: number; message: string; stack: string | undefined };
