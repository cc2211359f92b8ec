import { RecordError } from '../errors';
import { textChunks } from './byte-chunks';
import type { ScannedItem } from './json-scanner';
import { JsonRecordScanner } from './json-scanner';
import { describeJsonError } from './ndjson';
import type { ByteSource, FramedItem, FramingOptions } from './types';
import { DEFAULT_MAX_RECORD_BYTES, DEFAULT_WRAPPER_KEYS, formatBytes } from './types';

/**
 * Reads a JSON array element by element (position = 1-based index) without parsing or holding
 * the whole body. A bad element is reported and reading goes on; truncated or malformed
 * structure ends the stream with a positioned error.
 */
export function readJsonArray(
  source: ByteSource,
  options: FramingOptions = {},
): AsyncGenerator<FramedItem> {
  return readScanned(source, options, 'array');
}

/**
 * Reads API pages such as Slack's `{"entries": [...]}` or Google's `{"items": [...]}`,
 * streaming the elements of the array under a wrapper key. Several pages may follow one
 * another (one per line or pretty-printed); an object without a wrapper key is a record itself.
 */
export function readJsonWrapper(
  source: ByteSource,
  options: FramingOptions = {},
): AsyncGenerator<FramedItem> {
  return readScanned(source, options, 'objects');
}

async function* readScanned(
  source: ByteSource,
  options: FramingOptions,
  layout: 'array' | 'objects',
): AsyncGenerator<FramedItem> {
  const limit = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const scanner = new JsonRecordScanner({
    layout,
    wrapperKeys: options.wrapperKeys ?? DEFAULT_WRAPPER_KEYS,
    maxRecordChars: limit,
    limitLabel: formatBytes(limit),
  });
  for await (const text of textChunks(source)) {
    for (const item of scanner.feed(text)) {
      yield toFramed(item);
      if ('fatal' in item && item.fatal) return;
    }
  }
  for (const item of scanner.end()) yield toFramed(item);
}

function toFramed(item: ScannedItem): FramedItem {
  if ('problem' in item) {
    return {
      ok: false,
      position: item.position,
      error: new RecordError(item.position, item.problem),
    };
  }
  try {
    return { ok: true, position: item.position, value: JSON.parse(item.text) as unknown };
  } catch (error) {
    const reason = describeJsonError(error, false);
    return { ok: false, position: item.position, error: new RecordError(item.position, reason) };
  }
}
