import os from 'node:os';
import type { Worker } from 'node:worker_threads';

import { startTypeScriptWorker } from '../../threads/typescript-worker';

/*
 * Parse workers, started on demand and kept for the next batch: starting one compiles the
 * parsers again (about 300 ms), which a large batch hardly notices but a stream of uploads
 * would. One is kept idle, unreferenced, so it never holds the process open. At most one per
 * core but one (the main thread writes) run at once: a batch that finds them all busy is parsed
 * on the main thread, as small ones are, so many simultaneous uploads cannot multiply memory.
 */

const MAX_IDLE = 1;
const MAX_BUSY = Math.max(1, os.availableParallelism() - 1);
const idle: Worker[] = [];
let busy = 0;
/** What an idle worker listens to (only to be forgotten if it dies). */
const idleListeners = new WeakMap<Worker, () => void>();

/** A parse worker for one batch (an idle one, or a new one), or null when all are busy. */
export function takeParseWorker(): Worker | null {
  if (busy >= MAX_BUSY) return null;
  const worker = idle.pop();
  if (!worker) {
    try {
      const started = startTypeScriptWorker(new URL('./parse-worker.ts', import.meta.url));
      busy += 1;
      return started;
    } catch {
      // No worker to be had (tsx not found, threads exhausted): the batch is parsed here.
      return null;
    }
  }
  busy += 1;
  // Only our own listeners: a Worker's internals listen to it too (removing all of them
  // stops its messages arriving).
  const forget = idleListeners.get(worker);
  if (forget) {
    worker.off('error', forget);
    worker.off('exit', forget);
  }
  worker.ref();
  return worker;
}

/**
 * Gives back a worker once the caller removed its listeners: kept for the next batch when its
 * batch finished cleanly, ended otherwise (it may be stuck in the middle of one).
 */
export function releaseParseWorker(worker: Worker, clean: boolean): void {
  busy -= 1;
  if (!clean || idle.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  const forget = (): void => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };
  idleListeners.set(worker, forget);
  worker.on('error', forget);
  worker.on('exit', forget);
  worker.unref();
  idle.push(worker);
}
