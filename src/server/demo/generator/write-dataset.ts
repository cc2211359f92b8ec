import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedDataset } from './dataset-types';
import { buildManifest, newTally, tallyEntry, type Manifest } from './manifest';
import type { SourceId } from './source-types';

/** Progress of a write, reported every so many records and at the end of each file. */
export interface WriteProgress {
  readonly source: SourceId;
  readonly file: string;
  readonly records: number;
  readonly bytes: number;
  readonly done: boolean;
}

const FLUSH_AT = 1 << 20;
const REPORT_EVERY = 100_000;

/**
 * Writes one file per source and `manifest.json` into `dir` (created if missing), streaming:
 * lines are buffered up to a megabyte and flushed, so memory stays flat whatever the size.
 */
export async function writeDataset(
  dataset: GeneratedDataset,
  dir: string,
  onProgress?: (progress: WriteProgress) => void,
): Promise<Manifest> {
  mkdirSync(dir, { recursive: true });
  const tally = newTally();
  for (const source of dataset.sources) {
    const fd = openSync(join(dir, source.file), 'w');
    let buffer = '';
    let bytes = 0;
    let records = 0;
    const flush = (): void => {
      bytes += writeSync(fd, buffer);
      buffer = '';
    };
    try {
      if (source.emitter.header) buffer += `${source.emitter.header}\n`;
      for (const entry of source.entries()) {
        tallyEntry(tally, source.emitter, entry);
        buffer += `${source.emitter.serialize(entry.record)}\n`;
        records++;
        if (buffer.length >= FLUSH_AT) flush();
        if (records % REPORT_EVERY === 0) {
          onProgress?.({ source: source.id, file: source.file, records, bytes, done: false });
          // Let the event loop breathe on long runs (signals, progress output).
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      flush();
    } finally {
      closeSync(fd);
    }
    onProgress?.({ source: source.id, file: source.file, records, bytes, done: true });
  }
  const manifest = buildManifest(
    dataset.options,
    dataset.org,
    dataset.window,
    dataset.scenarios,
    dataset.sources.map((s) => s.emitter),
    tally,
  );
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
