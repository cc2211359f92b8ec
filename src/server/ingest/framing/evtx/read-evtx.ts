import { RecordError } from '../../errors';
import { evtxRefusal, InputRefused } from '../binary-input';
import { bufferChunks } from '../byte-chunks';
import type { ByteSource, FramedItem } from '../types';
import { ChunkDecoder } from './binxml';
import { evtxJson } from './evtx-json';
import {
  CHUNK_BYTES,
  CHUNK_RECORDS_START,
  chunkProblem,
  FILE_HEADER_BYTES,
  fileHeaderProblem,
  isUnusedChunk,
  RECORD_HEADER_BYTES,
  RECORD_SIGNATURE,
} from './evtx-layout';

/**
 * Reads exact-size blocks from a byte stream, holding no more than one block and one incoming
 * piece: a 1 GB file is read in 64 KiB chunks, never whole.
 */
class BlockReader {
  private readonly pieces: AsyncIterator<Buffer>;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(source: ByteSource) {
    this.pieces = bufferChunks(source)[Symbol.asyncIterator]();
  }

  /** The next `size` bytes, fewer at the end of the stream (empty when it has ended). */
  async take(size: number): Promise<Buffer> {
    while (this.pendingBytes < size) {
      const next = await this.pieces.next();
      if (next.done === true) break;
      this.pending.push(next.value);
      this.pendingBytes += next.value.length;
    }
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const block = all.subarray(0, Math.min(size, all.length));
    const rest = all.subarray(block.length);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return block;
  }

  /** Stops the underlying stream when the reader stops early. */
  async close(): Promise<void> {
    await this.pieces.return?.();
  }
}

/** How a damaged chunk or record is kept in the quarantine: where it was, and its bytes. */
function damagedText(chunk: number, fileOffset: number, bytes: Buffer): string {
  return JSON.stringify({ evtxChunk: chunk, fileOffset, bytesBase64: bytes.toString('base64') });
}

/**
 * Streams the records of a binary .evtx file as evtx_dump JSON (`{"Event": {...}}`), one chunk
 * at a time, positioned 1, 2, 3... in file order. A bad file header refuses the input whole
 * (InputRefused); a damaged chunk (bad signature or checksum, cut short) becomes one error item
 * holding its bytes, and a record that does not decode becomes an error item of its own, so the
 * rest of the file still goes in.
 */
export async function* readEvtx(source: ByteSource): AsyncGenerator<FramedItem> {
  const blocks = new BlockReader(source);
  try {
    const header = await blocks.take(FILE_HEADER_BYTES);
    const problem = fileHeaderProblem(header);
    if (problem !== null) {
      throw new InputRefused(evtxRefusal(problem));
    }
    let position = 0;
    for (let index = 0; ; index += 1) {
      const chunk = await blocks.take(CHUNK_BYTES);
      if (chunk.length === 0) break;
      const fileOffset = FILE_HEADER_BYTES + index * CHUNK_BYTES;
      if (isUnusedChunk(chunk)) continue;
      const damage = chunkProblem(chunk);
      if (damage !== null) {
        position += 1;
        yield {
          ok: false,
          position,
          error: new RecordError(
            position,
            `a damaged .evtx chunk (${damage}): its records could not be read`,
          ),
          text: damagedText(index + 1, fileOffset, chunk),
        };
        continue;
      }
      for (const item of chunkRecords(chunk, index, fileOffset, position)) {
        position = item.position;
        yield item;
      }
    }
  } finally {
    await blocks.close();
  }
}

/** The records of one sound chunk, positioned after `before`. */
function* chunkRecords(
  chunk: Buffer,
  index: number,
  fileOffset: number,
  before: number,
): Generator<FramedItem> {
  const decoder = new ChunkDecoder(chunk);
  const free = chunk.readUInt32LE(48);
  let position = before;
  let at = CHUNK_RECORDS_START;
  while (at + RECORD_HEADER_BYTES <= free) {
    if (chunk.readUInt32LE(at) !== RECORD_SIGNATURE) break;
    const size = chunk.readUInt32LE(at + 4);
    position += 1;
    if (
      size < RECORD_HEADER_BYTES + 4 ||
      at + size > free ||
      chunk.readUInt32LE(at + size - 4) !== size
    ) {
      yield {
        ok: false,
        position,
        error: new RecordError(position, 'a .evtx record whose size does not match its chunk'),
        text: damagedText(index + 1, fileOffset + at, chunk.subarray(at, free)),
      };
      return;
    }
    try {
      const root = decoder.decodeRecord(at + RECORD_HEADER_BYTES, at + size - 4);
      yield { ok: true, position, value: evtxJson(root) };
    } catch (error) {
      const why =
        error instanceof Error && error.name === 'BinXmlError'
          ? error.message
          : 'it runs past its chunk';
      yield {
        ok: false,
        position,
        error: new RecordError(position, `a .evtx record that does not decode (${why})`),
        text: damagedText(index + 1, fileOffset + at, chunk.subarray(at, at + size)),
      };
    }
    at += size;
  }
}
