import { parentPort, workerData } from 'node:worker_threads';

import { generate, writeDataset } from '../generator/index';
import type { GeneratorOptions, Manifest } from '../generator/index';
import { inLoadOrder } from '../load-order';
import type { FromFilesWorker } from './protocol';

/*
 * Writes a generated dataset's files on its own thread, HR first, telling the main thread as
 * each file is complete, so the main thread ingests one file while the next is generated.
 */

const port = parentPort;
if (!port) throw new Error('write-files-worker.ts runs only as a worker thread');
const { options, dir } = workerData as { options: GeneratorOptions; dir: string };

const post = (message: FromFilesWorker): void => port.postMessage(message);

// A CommonJS worker (see typescript-worker.ts): no top-level await.
async function run(): Promise<void> {
  try {
    const dataset = generate(options);
    const { company } = dataset.org;
    post({
      type: 'window',
      lastDay: dataset.window.lastDay,
      companyDomains: [company.domain, `${company.slug}.onmicrosoft.com`, company.adDomain],
    });
    const manifest = await writeDataset(
      { ...dataset, sources: inLoadOrder(dataset.sources) },
      dir,
      (progress) => {
        if (progress.done)
          post({
            type: 'file',
            source: progress.source,
            file: progress.file,
            records: progress.records,
          });
      },
    );
    // The manifest lists the sources in the generator's order, as one generated in place does.
    const sources = Object.fromEntries(
      dataset.sources.map(({ id }) => [id, manifest.sources[id]] as const),
    ) as Manifest['sources'];
    post({ type: 'manifest', manifest: { ...manifest, sources } });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
  }
}

void run();
