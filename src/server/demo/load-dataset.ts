import type { EventSource } from '../../shared/events';
import type { DatabaseHandle } from '../db/database';
import { personalEmailDomains } from './generator/catalog/outside-world';
import { generate } from './generator/index';
import type { GeneratorOptions, Manifest, SourceId } from './generator/index';
import { inLoadOrder } from './load-order';
import { buildManifest, newTally, tallyEntry } from './generator/manifest';
import { ingest } from '../ingest/pipeline/ingest';
import type { IngestProgress, IngestResult, IngestVia } from '../ingest/pipeline/types';

/** The parser that reads each generated file. */
export const parserSourceOf: Readonly<Record<SourceId, EventSource>> = {
  okta: 'okta',
  'google-workspace': 'google_workspace',
  m365: 'm365',
  github: 'github',
  slack: 'slack',
  windows: 'windows',
  'device-inventory': 'device_inventory',
  'access-requests': 'access_requests',
  hr: 'hr',
};

/** What one generated source gave when ingested (runId 0: the source had nothing in the window). */
export type SourceCounts = Pick<
  IngestResult,
  'records' | 'events' | 'accepted' | 'duplicate' | 'rejected' | 'skipped' | 'employees' | 'runId'
>;

/** Progress of a dataset load: which source, and how far its batch is. */
export interface DatasetProgress extends IngestProgress {
  source: SourceId;
  /** 0-based index of the source in load order, and how many there are. */
  index: number;
  total: number;
}

/**
 * What a generated source's batch gave; throws when it was rejected (generated data is always
 * valid, so that is a bug).
 */
export function generatedSourceCounts(source: SourceId, result: IngestResult): SourceCounts {
  if (result.status !== 'succeeded') {
    throw new Error(`The generated ${source} batch was rejected: ${result.message ?? ''}`);
  }
  const { records, events, accepted, duplicate, rejected, skipped, employees, runId } = result;
  return { records, events, accepted, duplicate, rejected, skipped, employees, runId };
}

/** Optional settings of {@link ingestGeneratedDataset}; tests usually pass none. */
export interface LoadDatasetSettings {
  via?: IngestVia;
  /** The integration each source's batch belongs to (the generator screen makes one per kind). */
  integrationFor?: (source: EventSource) => Promise<string | null>;
  onProgress?: (progress: DatasetProgress) => void;
  /** Called when a source's batch is written, with its counts. */
  onSourceDone?: (source: SourceId, counts: SourceCounts) => void;
  /** Stops the load: the batch in progress is rolled back, earlier ones stay. */
  signal?: AbortSignal;
}

const DAY_MS = 86_400_000;

/** Today in UTC, `YYYY-MM-DD`. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Generator options for a dataset that ends today, stopping at the current time, unless the
 * caller chose an end date.
 */
export function withDefaultEnd(options: Partial<GeneratorOptions>): GeneratorOptions {
  if (options.endDate !== undefined) return options;
  return { ...options, endDate: todayUtc(), now: options.now ?? Date.now() };
}

/** A CSV source as bytes: its header, then its rows, in chunks of about 64 KB. */
async function* csvBytes(header: string, lines: Iterable<string>): AsyncGenerator<Buffer> {
  let buffer = `${header}\n`;
  for (const line of lines) {
    buffer += `${line}\n`;
    if (buffer.length >= 65_536) {
      yield Buffer.from(buffer);
      buffer = '';
    }
  }
  if (buffer.length > 0) yield Buffer.from(buffer);
}

/**
 * Generates a dataset and ingests every source through the ingest pipeline (one batch per
 * source, HR first), tallying the manifest in the same pass so the data is generated once.
 * Throws when a batch is rejected: generated data is always valid, so that is a bug.
 * Used by tests (detectors check what the manifest says was injected), the demo and the
 * log generator screen. `counts` is per generated source.
 */
export async function ingestGeneratedDataset(
  handle: DatabaseHandle,
  options: Partial<GeneratorOptions>,
  settings: LoadDatasetSettings = {},
): Promise<{ manifest: Manifest; counts: Record<SourceId, SourceCounts> }> {
  const dataset = generate(withDefaultEnd(options));
  const tally = newTally();
  const counts = {} as Record<SourceId, SourceCounts>;
  const sources = inLoadOrder(dataset.sources);
  // Parsers refuse times in the future; a dataset may end after today.
  const now = Math.max(Date.now(), Date.parse(`${dataset.window.lastDay}T00:00:00Z`) + 2 * DAY_MS);
  const { company } = dataset.org;
  const tenantDomains = [company.domain, `${company.slug}.onmicrosoft.com`, company.adDomain];
  // PostgreSQL writes a batch on its own connection: the next source is generated and read
  // while the previous one commits (commits stay in load order). SQLite's one connection writes
  // on this thread, so there its batches go one after the other.
  const overlap = handle.dialect === 'postgres';
  const writes: Promise<void>[] = [];
  let previous: Promise<void> = Promise.resolve();
  try {
    for (const [index, stream] of sources.entries()) {
      const { emitter } = stream;
      // A source with nothing in the window (a short run over a weekend, say) has no batch to
      // write; ingesting it would record an empty upload as a failed sync.
      if (stream.entries().next().done === true) {
        const none = { records: 0, events: 0, accepted: 0, duplicate: 0, rejected: 0 };
        const skippedSource = previous.then(() => {
          counts[stream.id] = { ...none, skipped: 0, employees: 0, runId: 0 };
          settings.onSourceDone?.(stream.id, counts[stream.id]);
        });
        skippedSource.catch(() => undefined);
        writes.push(skippedSource);
        previous = skippedSource;
        continue;
      }
      const entries = (function* () {
        for (const entry of stream.entries()) {
          settings.signal?.throwIfAborted();
          tallyEntry(tally, emitter, entry);
          yield entry;
        }
      })();
      const input =
        emitter.format === 'csv'
          ? csvBytes(
              emitter.header ?? '',
              (function* () {
                for (const entry of entries) yield emitter.serialize(entry.record);
              })(),
            )
          : {
              records: (function* () {
                for (const entry of entries) yield entry.record;
              })(),
            };
      const source = parserSourceOf[stream.id];
      settings.onProgress?.({
        phase: 'reading',
        records: 0,
        events: 0,
        rejected: 0,
        source: stream.id,
        index,
        total: sources.length,
      });
      let staged: () => void = () => undefined;
      const read = new Promise<void>((resolve) => (staged = resolve));
      const ingested = ingest(handle, {
        source,
        input,
        integrationId: (await settings.integrationFor?.(source)) ?? null,
        via: settings.via ?? 'generator',
        options: {
          now,
          extraCompanyDomains: tenantDomains,
          personalEmailDomains,
        },
        commitAfter: previous,
        onProgress: (progress) => {
          if (progress.phase === 'writing') staged();
          settings.onProgress?.({ ...progress, source: stream.id, index, total: sources.length });
        },
      });
      const written = ingested.then((result) => {
        counts[stream.id] = generatedSourceCounts(stream.id, result);
        settings.onSourceDone?.(stream.id, counts[stream.id]);
      });
      // Observed here so a failure waits for the settling below, not an unhandled rejection.
      written.catch(() => undefined);
      writes.push(written);
      previous = written;
      // HR goes in whole before any activity is read: activity is joined to the employees it names.
      if (!overlap || stream.id === 'hr') {
        await written;
      } else {
        await Promise.race([read, written.catch(() => undefined)]);
      }
    }
  } catch (error) {
    await Promise.allSettled(writes);
    throw error;
  }
  // Every write settles before the first failure is thrown: none is left running unobserved.
  const failed = (await Promise.allSettled(writes)).find((w) => w.status === 'rejected');
  if (failed) throw failed.reason;
  const manifest = buildManifest(
    dataset.options,
    dataset.org,
    dataset.window,
    dataset.scenarios,
    dataset.sources.map((s) => s.emitter),
    tally,
  );
  return { manifest, counts };
}
