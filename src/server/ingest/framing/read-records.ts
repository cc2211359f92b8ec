import { peek } from './byte-chunks';
import { readCsv } from './csv';
import { readJsonArray, readJsonWrapper } from './json-records';
import { readNdjson } from './ndjson';
import { sniffAtEnd, sniffFraming } from './sniff';
import type { ByteSource, FramedItem, Framing, FramingOptions } from './types';
import { DEFAULT_WRAPPER_KEYS } from './types';

/** How much of a stream sniffing may look at before settling for NDJSON. */
const SNIFF_LIMIT = 1024 * 1024;

/** Options of {@link openRecords}. */
export interface OpenRecordsOptions extends FramingOptions {
  /** Skip sniffing when the caller knows the framing (an upload's declared content type). */
  framing?: Framing;
}

/** A stream opened for reading records, with the framing it turned out to use. */
export interface OpenedRecords {
  framing: Framing;
  records: AsyncIterable<FramedItem>;
}

/** The reader for each framing. */
export const framingReaders: Record<
  Framing,
  (source: ByteSource, options?: FramingOptions) => AsyncGenerator<FramedItem>
> = {
  ndjson: readNdjson,
  'json-array': readJsonArray,
  'json-wrapper': readJsonWrapper,
  csv: readCsv,
};

/**
 * Opens a byte stream as records: sniffs the framing from the first non-blank bytes unless it
 * is given, then streams records with their positions. Only the sniffed head is held in memory
 * beyond the current record.
 */
export async function openRecords(
  source: ByteSource,
  options: OpenRecordsOptions = {},
): Promise<OpenedRecords> {
  if (options.framing !== undefined) {
    return { framing: options.framing, records: framingReaders[options.framing](source, options) };
  }
  const wrapperKeys = options.wrapperKeys ?? DEFAULT_WRAPPER_KEYS;
  const peeked = await peek(
    source,
    (head) => sniffFraming(decodeHead(head), wrapperKeys) !== null,
    SNIFF_LIMIT,
  );
  const head = decodeHead(peeked.head);
  const framing = peeked.ended
    ? sniffAtEnd(head, wrapperKeys)
    : (sniffFraming(head, wrapperKeys) ?? 'ndjson');
  return { framing, records: framingReaders[framing](peeked.stream, options) };
}

function decodeHead(head: Buffer): string {
  // A multi-byte character cut at the end of the head decodes as U+FFFD, which sniffing ignores.
  return head.toString('utf8');
}
