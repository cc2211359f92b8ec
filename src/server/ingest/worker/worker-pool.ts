import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * Parse workers, started on demand and kept for the next batch: starting one compiles the
 * parsers again (about 300 ms), which a large batch hardly notices but a stream of uploads
 * would. One is kept idle, unreferenced, so it never holds the process open.
 */

const MAX_IDLE = 1;
const idle: Worker[] = [];
/** What an idle worker listens to (only to be forgotten if it dies). */
const idleListeners = new WeakMap<Worker, () => void>();

/**
 * The worker's first lines. Vigil runs its TypeScript through tsx, whose `--import` hooks
 * Node 20 does not carry into worker threads, so the worker installs tsx's require hook itself
 * and loads its entry with it.
 */
function bootstrap(): string {
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./parse-worker.ts', import.meta.url));
  return `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(entry)});`;
}

/** A parse worker for one batch: an idle one, or a new one. */
export function takeParseWorker(): Worker {
  const worker = idle.pop();
  if (worker) {
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
  return new Worker(bootstrap(), { eval: true });
}

/** Gives back a worker whose batch finished cleanly, once the caller removed its listeners. */
export function returnParseWorker(worker: Worker): void {
  if (idle.length >= MAX_IDLE) {
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

/** Ends the idle workers (server shutdown, tests). */
export async function closeParseWorkers(): Promise<void> {
  const workers = idle.splice(0);
  await Promise.all(workers.map((worker) => worker.terminate()));
}
