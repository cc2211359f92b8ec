import type { EventSource } from '../../../shared/events';
import type { FormatCount, SkipCount } from '../../../shared/schemas/integrations';
import type { ByteSource, Framing } from '../framing/types';
import type { ParserOptions } from '../parsers/parser';
import type { CollectorCheckpoint } from '../store/checkpoint';

/** How a batch arrived; kept on its ingest run. */
export type IngestVia = 'push' | 'upload' | 'cli' | 'generator' | 'collector' | 'retry';

/**
 * What to ingest: bytes in any framing (NDJSON, a JSON array or page, CSV; sniffed unless
 * `framing` says), or records already decoded (the generator, tests), positioned from 1.
 */
export type IngestInput =
  ByteSource | { records: Iterable<unknown> | AsyncIterable<unknown>; framing?: never };

/** Progress of a running ingest, reported every few thousand records and at each phase. */
export interface IngestProgress {
  phase: 'reading' | 'writing' | 'done';
  records: number;
  events: number;
  rejected: number;
}

/** The source a batch is read as, or `auto`: each record's format is detected from its shape. */
export type IngestSource = EventSource | 'auto';

/** One ingest request. */
export interface IngestRequest {
  source: IngestSource;
  /** With `auto`, the format asked first (an integration's kind): it wins a tie. */
  preferredSource?: EventSource;
  /** With `auto`, the only format taken: an integration of one kind refuses records of another. */
  onlySource?: EventSource;
  input: IngestInput;
  /** The integration the batch belongs to; its status and counts are updated. */
  integrationId?: string | null;
  via: IngestVia;
  /** The framing of byte input when known (skips sniffing). */
  framing?: Framing;
  /**
   * What the parser gets besides the configuration: `companyDomains` replaces the configured
   * domains, `personalEmailDomains` adds to the configured ones, `now` and `removableDrives`
   * replace the defaults. `accountToEmail` always comes from the employee directory.
   */
  options?: Partial<Omit<ParserOptions, 'accountToEmail'>> & {
    /** Extra company domains, merged with the configured ones (the generator's tenant domains). */
    extraCompanyDomains?: readonly string[];
  };
  /** Give records without a time the time the batch was received (an integration setting). */
  undatedAsReceived?: boolean;
  /** Kinds of records the integration drops on purpose: "Sysmon 7", "Security 5156". */
  dropKinds?: readonly string[];
  /** A retry of quarantined records: their ids (removed with the batch) and first positions. */
  retry?: {
    ids: readonly number[];
    originOf: (position: number) => { runId: number; position: number } | undefined;
  };
  onProgress?: (progress: IngestProgress) => void;
  /** A collector's cursor, committed in the batch's transaction (see store/checkpoint.ts). */
  checkpoint?: CollectorCheckpoint;
  /**
   * Where the records are parsed: on a worker thread (true), on this one (false), or, by
   * default, on a worker for byte inputs of WORKER_THRESHOLD_BYTES or more (see reading-plan.ts).
   */
  parseInWorker?: boolean | 'auto';
  /** Bytes the input is expected to have (an HTTP Content-Length); a local file's is read. */
  sizeHint?: number;
  /**
   * Bytes of rows kept in memory before the batch spills: into its open transaction (SQLite) or
   * a temporary table (PostgreSQL). Tests lower it.
   */
  spillBytes?: number;
  /**
   * The write of an earlier batch this one must follow (a loader reads the next batch while
   * the previous one commits): the commit waits for it, and its failure fails this batch with
   * nothing of it written.
   */
  commitAfter?: Promise<unknown>;
  /**
   * For tests: called once everything is staged, just before the batch is written, and (on
   * SQLite) inside the write transaction. Throwing simulates a process dying mid-ingest.
   */
  faults?: { afterStaging?: () => void; insideTransaction?: () => void };
}

/** A rejected record: where it is in the input and why. */
export interface IngestError {
  /** 1-based: NDJSON/CSV line, or array element. */
  position: number;
  reason: string;
}

/** What happened to a batch. */
export interface IngestResult {
  runId: number;
  status: 'succeeded' | 'rejected';
  /** Records read from the input. */
  records: number;
  /** Normalized events the records gave (before deduplication). */
  events: number;
  /** Events written. */
  accepted: number;
  /** Events already stored (same source and source event id), or repeated in the batch. */
  duplicate: number;
  /** Records of a refused file (of another format); when above 0 nothing was written. */
  rejected: number;
  /** Records set aside in quarantine (written with the batch), and by reason. */
  quarantined: number;
  quarantines: SkipCount[];
  /** Well-formed records deliberately not turned into events (e.g. Windows event ids Vigil does not read). */
  skipped: number;
  /** The skipped records by kind, most frequent first. */
  skips: SkipCount[];
  /** The formats the records were read as (several when an `auto` file mixed them). */
  formats: FormatCount[];
  /** Employee records (HR) upserted. */
  employees: number;
  /** The first {@link MAX_REPORTED_ERRORS} quarantined (or rejected) records. */
  errors: IngestError[];
  /** A sentence for people when the batch was rejected. */
  message: string | null;
  /** A sentence when the batch holds events older than the events period (retention). */
  warning: string | null;
  durationMs: number;
}

/** How many rejected records a reply lists; the count covers all of them. */
export const MAX_REPORTED_ERRORS = 100;
