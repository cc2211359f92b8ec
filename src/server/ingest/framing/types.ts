import type { Readable } from 'node:stream';

import type { RecordError } from '../errors';

/** Bytes as they arrive: a Node stream, or any async iterable of chunks (tests, fetch bodies). */
export type ByteSource = Readable | AsyncIterable<Buffer | Uint8Array | string>;

/** How the records of a file are laid out. */
export type Framing = 'ndjson' | 'json-array' | 'json-wrapper' | 'csv' | 'evtx';

/**
 * One item read from a stream: a record with its position, or a positioned error.
 * A reader keeps going after a recoverable error (a bad NDJSON line, a CSV row with the wrong
 * number of fields) and stops after one that leaves the rest unreadable (truncated JSON), so the
 * caller can report every bad record of an upload at once.
 */
export type FramedItem =
  | {
      ok: true;
      position: number;
      value: unknown;
      /** The record's JSON text as read (NDJSON), stored as its `raw` without serializing again. */
      text?: string;
    }
  | {
      ok: false;
      position: number;
      error: RecordError;
      /** What the framing could read of the record (a malformed NDJSON line), for quarantine. */
      text?: string;
    };

/** Options shared by all readers. */
export interface FramingOptions {
  /** Largest record (NDJSON line, array element, CSV row) accepted, in bytes; default 8 MiB. */
  maxRecordBytes?: number;
  /**
   * Keys under which an API page holds its records, e.g. Slack's `entries`, Google's `items`,
   * Microsoft Graph's `value`. Default: {@link DEFAULT_WRAPPER_KEYS}.
   */
  wrapperKeys?: readonly string[];
}

/** 8 MiB: far above any real audit record, low enough that one bad line cannot exhaust memory. */
export const DEFAULT_MAX_RECORD_BYTES = 8 * 1024 * 1024;

/** Page envelopes of the APIs Vigil pulls from. `events` is absent on purpose: Google uses it inside records. */
export const DEFAULT_WRAPPER_KEYS: readonly string[] = ['entries', 'items', 'value', 'records'];

/** Formats a byte limit for messages: "8 MiB", "512 KiB", "100 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
