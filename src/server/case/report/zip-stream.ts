import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';

/*
 * A streaming ZIP writer (PKWARE APPNOTE 6.3), for exports: each file's local header, its data
 * deflated, a data descriptor (CRC-32 and sizes, known only at the end), then the central
 * directory, in ZIP64 form where a size or offset needs it. A file's data is a series of
 * segments, each deflated on its own and ended by a sync flush (pigz's way), so a thread that
 * made the bytes can deflate them too and the segments join into one valid deflate stream; a
 * final empty block ends it. Written for the case export (export-zip.ts): a million-event
 * timeline is most of its bytes, deflated by the workers that write its pages.
 */

/**
 * Deflate level 1: on the bench's million-event timeline (151 MB of CSV) it wrote 25.4 MB in
 * 0.66 s of CPU, level 6 20.1 MB in 1.57 s; a fifth smaller is not worth twice the time.
 */
const LEVEL = 1;
/** A segment deflated here is at least this long: small ones compress worse. */
const SEGMENT_BYTES = 256 * 1024;
/** An empty deflate block with BFINAL set (fixed Huffman, end of block): ends the segments. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const SYNC = { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH };
const deflateAsync = promisify(deflateRaw);

/** Bytes as one segment of a ZIP file's data: raw deflate, byte-aligned, not final. */
export function deflateSegment(bytes: Uint8Array): Buffer {
  return deflateRawSync(bytes, SYNC);
}

/** Part of a file: its bytes, and `deflated` when they were made a segment (deflateSegment). */
export interface ZipChunk {
  bytes: Uint8Array;
  deflated?: Uint8Array;
}

/** A file of the ZIP; `open` is called when the writer reaches it, and not before. */
export interface ZipSource {
  path: string;
  open: () => AsyncIterable<ZipChunk> | Iterable<ZipChunk>;
}

const VERSION_MADE_BY = (3 << 8) | 63; // Unix, APPNOTE 6.3
const NEEDS = 20;
const NEEDS_ZIP64 = 45;
const FLAGS = (1 << 3) | (1 << 11); // sizes in a data descriptor; UTF-8 names
const DEFLATE = 8;
const U32 = 0xffffffff;

/** A date as MS-DOS writes it: local time, two-second steps, 1980-2107. */
function dosTime(date: Date): { time: number; date: number } {
  const min = new Date(1980, 0, 1);
  const max = new Date(2107, 11, 31, 23, 59, 58);
  const d = date < min ? min : date > max ? max : date;
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

function u64(buffer: Buffer, value: number, at: number): void {
  buffer.writeBigUInt64LE(BigInt(value), at);
}

/** What the central directory says of one file. */
interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

function localHeader(name: Buffer, when: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(NEEDS, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.date, 12);
  // CRC-32 and sizes (14-25) are zero: the data descriptor carries them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** Whether a file needs ZIP64's eight-byte sizes and offset (`limit`: U32, lower in tests). */
const zip64 = (file: Written, limit: number) =>
  file.size >= limit || file.compressed >= limit || file.offset >= limit;

function dataDescriptor(file: Written, limit: number): Buffer {
  const wide = zip64(file, limit);
  const descriptor = Buffer.alloc(wide ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(file.crc, 4);
  if (wide) {
    u64(descriptor, file.compressed, 8);
    u64(descriptor, file.size, 16);
  } else {
    descriptor.writeUInt32LE(file.compressed, 8);
    descriptor.writeUInt32LE(file.size, 12);
  }
  return descriptor;
}

function centralRecord(
  file: Written,
  when: { time: number; date: number },
  mtime: Date,
  limit: number,
): Buffer {
  const wide = zip64(file, limit);
  // Info-ZIP's universal time (UTC seconds), as unzip and 7-Zip read it.
  const ut = Buffer.alloc(9);
  ut.writeUInt16LE(0x5455, 0);
  ut.writeUInt16LE(5, 2);
  ut.writeUInt8(3, 4);
  ut.writeInt32LE(
    Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(mtime.getTime() / 1000))),
    5,
  );
  const extra = [ut];
  if (wide) {
    const z = Buffer.alloc(28);
    z.writeUInt16LE(0x0001, 0);
    z.writeUInt16LE(24, 2);
    u64(z, file.size, 4);
    u64(z, file.compressed, 12);
    u64(z, file.offset, 20);
    extra.push(z);
  }
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION_MADE_BY, 4);
  record.writeUInt16LE(wide ? NEEDS_ZIP64 : NEEDS, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(DEFLATE, 10);
  record.writeUInt16LE(when.time, 12);
  record.writeUInt16LE(when.date, 14);
  record.writeUInt32LE(file.crc, 16);
  record.writeUInt32LE(wide ? U32 : file.compressed, 20);
  record.writeUInt32LE(wide ? U32 : file.size, 24);
  record.writeUInt16LE(file.name.length, 28);
  record.writeUInt16LE(
    extra.reduce((n, e) => n + e.length, 0),
    30,
  );
  record.writeUInt32LE((0o100664 << 16) >>> 0, 38); // a regular file, rw-rw-r--
  record.writeUInt32LE(wide ? U32 : file.offset, 42);
  return Buffer.concat([record, file.name, ...extra]);
}

function endRecords(count: number, start: number, size: number, limit: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const wide = count >= 0xffff || start >= limit || size >= limit;
  // With ZIP64 records, these say "see the ZIP64 record" (all ones), as APPNOTE 4.4.1.4 asks.
  end.writeUInt16LE(wide ? 0xffff : count, 8);
  end.writeUInt16LE(wide ? 0xffff : count, 10);
  end.writeUInt32LE(wide ? U32 : size, 12);
  end.writeUInt32LE(wide ? U32 : start, 16);
  if (!wide) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  u64(record, 44, 4);
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(NEEDS_ZIP64, 14);
  u64(record, count, 24);
  u64(record, count, 32);
  u64(record, size, 40);
  u64(record, start, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  u64(locator, start + size, 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/**
 * The ZIP of `files`, in order, as a stream of buffers pulled one at a time (each file is
 * opened when the writer reaches it, and each of its chunks taken when the last was written).
 * Chunks that come deflated are written as they are; the rest are gathered into segments of
 * SEGMENT_BYTES and deflated on libuv's threads. Every file is stamped `mtime`.
 */
export async function* zipStream(
  files: Iterable<ZipSource>,
  mtime: Date,
  /** Sizes and offsets from which ZIP64 records are written; lower only to test them. */
  zip64From = U32,
): AsyncGenerator<Buffer, void, undefined> {
  const when = dosTime(mtime);
  const written: Written[] = [];
  let offset = 0;
  for (const source of files) {
    const file: Written = {
      name: Buffer.from(source.path),
      offset,
      crc: 0,
      size: 0,
      compressed: 0,
    };
    const header = localHeader(file.name, when);
    offset += header.length;
    yield header;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    // Each yield below hands on a segment: the file's data so far is a valid, unfinished stream.
    const segment = async (): Promise<Buffer | null> => {
      if (pendingBytes === 0) return null;
      const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return deflateAsync(bytes, SYNC);
    };
    for await (const chunk of source.open()) {
      if (chunk.bytes.length === 0) continue;
      file.crc = crc32(chunk.bytes, file.crc);
      file.size += chunk.bytes.length;
      if (chunk.deflated) {
        const before = await segment();
        if (before) {
          file.compressed += before.length;
          yield before;
        }
        file.compressed += chunk.deflated.length;
        yield Buffer.from(chunk.deflated.buffer, chunk.deflated.byteOffset, chunk.deflated.length);
        continue;
      }
      pending.push(chunk.bytes);
      pendingBytes += chunk.bytes.length;
      if (pendingBytes >= SEGMENT_BYTES) {
        const out = (await segment())!;
        file.compressed += out.length;
        yield out;
      }
    }
    const last = await segment();
    const tail = last ? Buffer.concat([last, FINAL_BLOCK]) : FINAL_BLOCK;
    file.compressed += tail.length;
    const descriptor = dataDescriptor(file, zip64From);
    offset += file.compressed + descriptor.length;
    written.push(file);
    yield Buffer.concat([tail, descriptor]);
  }
  const directory = Buffer.concat(
    written.map((file) => centralRecord(file, when, mtime, zip64From)),
  );
  yield Buffer.concat([directory, endRecords(written.length, offset, directory.length, zip64From)]);
}
