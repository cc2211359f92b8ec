import { StringDecoder } from 'node:string_decoder';

import type { ByteSource } from './types';

/** Normalizes whatever a source yields into Buffers. */
export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  throw new TypeError(`a byte stream yielded ${typeof chunk} instead of bytes or text`);
}

/** The chunks of a source as Buffers. */
export async function* bufferChunks(source: ByteSource): AsyncGenerator<Buffer> {
  for await (const chunk of source as AsyncIterable<unknown>) yield toBuffer(chunk);
}

/**
 * The chunks of a source decoded as UTF-8 text. Multi-byte characters split across chunks are
 * kept whole, and a leading byte-order mark (Excel's CSV export writes one) is dropped.
 */
export async function* textChunks(source: ByteSource): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const buffer of bufferChunks(source)) {
    let text = decoder.write(buffer);
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text.length > 0) yield text;
  }
  const rest = decoder.end();
  if (rest.length > 0) yield rest;
}

/** The first bytes of a stream, and the whole stream again (those bytes included). */
export interface PeekedSource {
  head: Buffer;
  /** True when the head is the whole stream. */
  ended: boolean;
  stream: AsyncIterable<Buffer>;
}

/**
 * Reads chunks until `enough(head)` says the head is enough to decide something (or the head
 * reaches `limit` bytes, or the stream ends), without losing them for the real reader.
 */
export async function peek(
  source: ByteSource,
  enough: (head: Buffer) => boolean,
  limit: number,
): Promise<PeekedSource> {
  const iterator = (source as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < limit) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    const chunk = toBuffer(next.value);
    chunks.push(chunk);
    length += chunk.length;
    if (enough(Buffer.concat(chunks, length))) break;
  }
  const head = Buffer.concat(chunks, length);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      yield* chunks;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) return;
        yield toBuffer(next.value);
      }
    } finally {
      // Closes the underlying stream when the reader stops early.
      if (!ended) await iterator.return?.();
    }
  }
  return { head, ended, stream: replay() };
}
