import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running one of Vigil's TypeScript files. Vigil runs its TypeScript through
 * tsx, whose `--import` hooks Node 20 does not carry into worker threads, so the worker's first
 * lines install tsx's require hook and load the entry with it. Throws, as `new Worker` does,
 * when no worker can be had (tsx not found, threads exhausted): callers then do the work on
 * their own thread.
 */
export function startTypeScriptWorker(
  entry: URL,
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const file = fileURLToPath(entry);
  return new Worker(
    `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(file)});`,
    {
      ...options,
      eval: true,
    },
  );
}
