import { binaryInputRefusal, InputRefused } from './binary-input';
import { peek } from './byte-chunks';
import { readCsv } from './csv';
import { isEvtx } from './evtx/evtx-layout';
import { readEvtx } from './evtx/read-evtx';
import { readJsonArray, readJsonWrapper } from './json-records';
import { readNdjson } from './ndjson';
import { sniffAtEnd, sniffFraming } from './sniff';
import type { ByteSource, FramedItem, Framing, FramingOptions } from './types';
import { DEFAULT_WRAPPER_KEYS } from './types';

/** How much of a stream is checked for binary content before reading it as text. */
const TEXT_PROBE = 4096;
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
  evtx: readEvtx,
};

/**
 * Opens a byte stream as records: refuses a binary input (InputRefused), reads a .evtx file by
 * its signature, sniffs the framing from the first non-blank bytes unless it is given, then streams records with their positions. Only the sniffed head is held in memory
 * beyond the current record.
 */
export async function openRecords(
  source: ByteSource,
  options: OpenRecordsOptions = {},
): Promise<OpenedRecords> {
  const wrapperKeys = options.wrapperKeys ?? DEFAULT_WRAPPER_KEYS;
  const known = options.framing;
  const peeked = await peek(
    source,
    (head) =>
      head.length >= TEXT_PROBE &&
      (known !== undefined || sniffFraming(decodeHead(head), wrapperKeys) !== null),
    known === undefined ? SNIFF_LIMIT : TEXT_PROBE,
  );
  const refusal = binaryInputRefusal(peeked.head);
  if (refusal !== null) throw new InputRefused(refusal);
  // A binary .evtx is known by its signature, whatever framing the caller expected.
  if (isEvtx(peeked.head)) return { framing: 'evtx', records: readEvtx(peeked.stream) };
  if (known !== undefined) {
    return { framing: known, records: framingReaders[known](peeked.stream, options) };
  }
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
