import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

import { openRecords } from '../framing/read-records';
import type { ByteSource, FramedItem, Framing } from '../framing/types';
import type { IngestInput } from './types';

/** True when the input is bytes rather than records already decoded. */
export function isByteSource(input: IngestInput): input is ByteSource {
  return !isRecordInput(input);
}

/** Records handed over already decoded are positioned 1, 2, 3... */
function isRecordInput(
  input: IngestInput,
): input is { records: Iterable<unknown> | AsyncIterable<unknown> } {
  return typeof input === 'object' && input !== null && 'records' in input && !('pipe' in input);
}

/**
 * Decoded records are yielded as they come; the event loop gets a turn every so many, so a
 * server ingesting generated data in the background still answers requests.
 */
async function* positioned(
  records: Iterable<unknown> | AsyncIterable<unknown>,
): AsyncGenerator<FramedItem> {
  let position = 0;
  for await (const value of records) {
    position += 1;
    if (position % 1000 === 0) await yieldToEventLoop();
    yield { ok: true, position, value };
  }
}

/** The input as positioned records, sniffing the framing of bytes unless it is given. */
export async function recordStream(
  input: IngestInput,
  framing: Framing | undefined,
): Promise<AsyncIterable<FramedItem>> {
  if (isRecordInput(input)) return positioned(input.records);
  const opened = await openRecords(input, framing === undefined ? {} : { framing });
  return opened.records;
}
