import type { Manifest, SourceId } from '../generator/index';

/** What the demo's file writer (write-files-worker.ts) tells the main thread. */
export type FromFilesWorker =
  /** The dataset is planned: its last day, and the tenant's own domains. */
  | { type: 'window'; lastDay: string; companyDomains: string[] }
  /** A source's file is written whole (its name inside the directory, and how many records). */
  | { type: 'file'; source: SourceId; file: string; records: number }
  /** Every file is written; what the dataset holds. */
  | { type: 'manifest'; manifest: Manifest }
  /** The generator failed (a bug: generated data is always valid). */
  | { type: 'failed'; message: string; stack: string | undefined };
