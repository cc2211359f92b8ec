import type { Manifest } from './manifest';
import type { ResolvedOptions } from './options';
import type { ActivityWindow } from './org';
import type { Organization } from './org-types';
import type { ScenarioPlan } from './scenarios/types';
import type { Emitted, NativeRecord, SourceEmitter, SourceId } from './source-types';
import type { StreamStats } from './stream';

/** One native output of a dataset. Every call to a method starts a fresh, identical pass. */
export interface SourceStream {
  readonly id: SourceId;
  readonly file: string;
  readonly format: 'ndjson' | 'csv';
  readonly emitter: SourceEmitter;
  /** Records in time order, with the storyline that injected each (if any). */
  entries(stats?: StreamStats): Generator<Emitted, void, undefined>;
  /** Native records in time order. */
  records(): Generator<NativeRecord, void, undefined>;
  /** Serialized lines in file order (a CSV starts with its header). */
  lines(): Generator<string, void, undefined>;
}

/** A generated dataset: the organization, the storylines and one lazy stream per source. */
export interface GeneratedDataset {
  readonly options: ResolvedOptions;
  readonly org: Organization;
  readonly window: ActivityWindow;
  readonly scenarios: readonly ScenarioPlan[];
  readonly sources: readonly SourceStream[];
  /** The stream of one source. */
  source(id: SourceId): SourceStream;
  /** Streams every source once (without keeping records) and returns the manifest. */
  manifest(): Manifest;
}
