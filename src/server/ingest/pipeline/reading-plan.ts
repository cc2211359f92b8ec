import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

import { isByteSource } from './record-stream';
import { spoolFilePath } from './spool-files';
import type { IngestInput, IngestRequest } from './types';

/**
 * Byte inputs of at least this size are parsed on a worker thread. Below it the worker's
 * message round trips cost more than the overlap saves, and a small push is answered at once.
 */
export const WORKER_THRESHOLD_BYTES = 1024 * 1024;

/** How a batch will be read. */
export interface ReadingPlan {
  input: IngestInput;
  /** Parse on a worker thread while this one writes. */
  inWorker: boolean;
  /**
   * The input is a file on this machine, read at disk speed: the SQLite transaction can open
   * at the first rows without a slow sender holding the database meanwhile.
   */
  local: boolean;
  /** Removes what the plan made (a spooled copy). */
  cleanup(): Promise<void>;
}

const nothingToClean = (): Promise<void> => Promise.resolve();

function localFilePath(input: IngestInput): string | null {
  return input instanceof fs.ReadStream && typeof input.path === 'string' ? input.path : null;
}

/** Bytes the input will have: the caller's hint (Content-Length), or a local file's size. */
function expectedBytes(request: IngestRequest): number | undefined {
  if (request.sizeHint !== undefined) return request.sizeHint;
  const file = localFilePath(request.input);
  if (file === null) return undefined;
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
  }
}

/**
 * Decides where a batch is parsed. Large byte inputs go to a worker; one arriving over the
 * network is first copied to a temporary file (at the sender's pace, holding nothing), so the
 * write that follows runs at disk speed however slow the sender was.
 */
export async function planReading(request: IngestRequest): Promise<ReadingPlan> {
  const { input } = request;
  const wanted = request.parseInWorker ?? 'auto';
  const size = expectedBytes(request);
  const inWorker =
    isByteSource(input) &&
    (wanted === 'auto' ? size !== undefined && size >= WORKER_THRESHOLD_BYTES : wanted);
  if (!inWorker) return { input, inWorker: false, local: false, cleanup: nothingToClean };
  if (localFilePath(input) !== null) {
    return { input, inWorker, local: true, cleanup: nothingToClean };
  }
  const file = spoolFilePath();
  const cleanup = () => fs.promises.rm(file, { force: true });
  try {
    await pipeline(input, fs.createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    input: fs.createReadStream(file, { highWaterMark: 1024 * 1024 }),
    inWorker,
    local: true,
    cleanup,
  };
}
