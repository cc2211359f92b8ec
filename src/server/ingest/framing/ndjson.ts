import { RecordError } from '../errors';
import { bufferChunks } from './byte-chunks';
import type { ByteSource, FramedItem, FramingOptions } from './types';
import { DEFAULT_MAX_RECORD_BYTES, formatBytes } from './types';

const NEWLINE = 0x0a;

/**
 * Reads newline-delimited JSON: one record per line, positions are 1-based line numbers, blank
 * lines are skipped. Works on bytes so a line is measured in bytes and an over-long line is
 * rejected as soon as it passes the limit, then skipped to its end without being kept in memory.
 * A line that is not valid JSON is reported and reading goes on with the next line.
 */
export async function* readNdjson(
  source: ByteSource,
  options: FramingOptions = {},
): AsyncGenerator<FramedItem> {
  const limit = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  let line = 1;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let skipping = false;

  for await (const chunk of bufferChunks(source)) {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      const piece = chunk.subarray(start, end);
      if (!skipping && pendingLength + piece.length > limit) {
        yield lineTooLong(line, limit, Buffer.concat([...pending, piece]));
        skipping = true;
        pending = [];
        pendingLength = 0;
      }
      if (!skipping && piece.length > 0) {
        pending.push(piece);
        pendingLength += piece.length;
      }
      if (newline === -1) break;
      if (!skipping) {
        const item = parseLine(joinPieces(pending, pendingLength), line, false);
        if (item !== null) yield item;
      }
      pending = [];
      pendingLength = 0;
      skipping = false;
      line += 1;
      start = newline + 1;
    }
  }
  if (!skipping && pendingLength > 0) {
    const item = parseLine(joinPieces(pending, pendingLength), line, true);
    if (item !== null) yield item;
  }
}

function joinPieces(pieces: Buffer[], length: number): Buffer {
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length);
}

/** What of an over-long line is kept for quarantine (which stores at most 1 MB of it anyway). */
const LONG_LINE_HEAD = 1024 * 1024 + 4;

function lineTooLong(line: number, limit: number, head: Buffer): FramedItem {
  const reason = `the line is longer than the ${formatBytes(limit)} limit for one record; split the record or check that the file really is NDJSON`;
  return {
    ok: false,
    position: line,
    error: new RecordError(line, reason, { unit: 'line' }),
    text: head.subarray(0, LONG_LINE_HEAD).toString('utf8'),
  };
}

/** Parses one line; null for a blank line. `last` marks a final line without a newline. */
function parseLine(bytes: Buffer, line: number, last: boolean): FramedItem | null {
  let text = bytes.toString('utf8');
  if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.trim();
  if (text.length === 0) return null;
  try {
    return { ok: true, position: line, value: JSON.parse(text) as unknown, text };
  } catch (error) {
    const reason = describeJsonError(error, last);
    return {
      ok: false,
      position: line,
      error: new RecordError(line, reason, { unit: 'line' }),
      text,
    };
  }
}

/** Turns V8's JSON.parse message into a reason; truncation gets its own plain wording. */
export function describeJsonError(error: unknown, atEndOfInput: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/Unexpected end of JSON input|Unterminated string/i.test(message)) {
    return atEndOfInput
      ? 'unexpected end of input: the JSON is truncated'
      : 'the JSON ends before the record is complete (the record is truncated)';
  }
  return `not valid JSON (${message})`;
}
