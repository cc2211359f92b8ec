import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

import { describe, expect, it, vi } from 'vitest';

import { deflateSegment, zipStream } from '../../../src/server/case/report/zip-stream';
import type { ZipChunk, ZipSource } from '../../../src/server/case/report/zip-stream';
import { readZip } from '../../api/case-record/zip-reader';

/**
 * The export's ZIP writer, read back by the tests' own reader (written from APPNOTE, not from
 * the writer): every file's bytes and CRC-32, segments deflated elsewhere joined with ones
 * deflated here, and the records a reader relies on.
 */

async function zipOf(
  sources: ZipSource[],
  mtime = new Date(Date.UTC(2026, 10, 29, 12)),
  zip64From?: number,
) {
  const parts: Buffer[] = [];
  for await (const part of zipStream(sources, mtime, zip64From)) parts.push(part);
  return Buffer.concat(parts);
}

const text = (n: number, seed: string) =>
  Buffer.from(Array.from({ length: n }, (_, i) => `${seed},${i},${i % 7}\r\n`).join(''));

describe('zipStream', () => {
  it('writes each file whole, however its chunks came', async () => {
    const pages = [text(3000, 'a'), text(5000, 'b'), text(10, 'c')];
    // Larger than a segment, and incompressible: raw chunks deflated here in several segments.
    const noise = randomBytes(700_000);
    const zip = await zipOf([
      { path: 'empty.txt', open: () => [] },
      {
        path: 'timeline/pages.csv',
        // Segments deflated elsewhere, with a raw chunk between them.
        open: () => [
          { bytes: pages[0]!, deflated: deflateSegment(pages[0]!) },
          { bytes: pages[1]! },
          { bytes: pages[2]!, deflated: deflateSegment(pages[2]!) },
        ],
      },
      {
        path: 'noise.bin',
        open: async function* (): AsyncGenerator<ZipChunk> {
          for (let at = 0; at < noise.length; at += 65_536)
            yield { bytes: noise.subarray(at, at + 65_536) };
        },
      },
      { path: 'naïve/résumé.json', open: () => [{ bytes: Buffer.from('{"ok":true}\n') }] },
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual([
      'empty.txt',
      'timeline/pages.csv',
      'noise.bin',
      'naïve/résumé.json',
    ]);
    expect(entries[0]!.data.length).toBe(0);
    expect(entries[1]!.data.equals(Buffer.concat(pages))).toBe(true);
    expect(entries[2]!.data.equals(noise)).toBe(true);
    expect(entries[3]!.data.toString()).toBe('{"ok":true}\n');
  });

  it('writes the records a reader checks: descriptors, directory and end record agree', async () => {
    const body = text(2000, 'x');
    const mtime = new Date(Date.UTC(2026, 10, 29, 12, 30, 10));
    const zip = await zipOf([{ path: 'a.csv', open: () => [{ bytes: body }] }], mtime);
    // Local header: deflate, sizes in a data descriptor, UTF-8 name.
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(6)).toBe((1 << 3) | (1 << 11));
    expect(zip.readUInt16LE(8)).toBe(8);
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(1);
    const directory = zip.readUInt32LE(end + 16);
    expect(directory + zip.readUInt32LE(end + 12)).toBe(end);
    const compressed = zip.readUInt32LE(directory + 20);
    // The data descriptor follows the data, with what the directory says.
    const descriptor = 30 + 'a.csv'.length + compressed;
    expect(zip.readUInt32LE(descriptor)).toBe(0x08074b50);
    expect(zip.readUInt32LE(descriptor + 4)).toBe(crc32(body));
    expect(zip.readUInt32LE(descriptor + 8)).toBe(compressed);
    expect(zip.readUInt32LE(descriptor + 12)).toBe(body.length);
    expect(descriptor + 16).toBe(directory);
    expect(zip.readUInt32LE(directory + 24)).toBe(body.length);
    // Info-ZIP's universal time: the file's time in UTC seconds.
    const ut = directory + 46 + 'a.csv'.length;
    expect(zip.readUInt16LE(ut)).toBe(0x5455);
    expect(zip.readInt32LE(ut + 5)).toBe(mtime.getTime() / 1000);
    expect(compressed).toBeLessThan(body.length / 3);
  });

  it('writes ZIP64 records where sizes or offsets pass four gigabytes (here forced from 0)', async () => {
    const one = text(3000, 'a');
    const two = text(10, 'b');
    const zip = await zipOf(
      [
        { path: 'one.csv', open: () => [{ bytes: one, deflated: deflateSegment(one) }] },
        { path: 'two.csv', open: () => [{ bytes: two }] },
      ],
      undefined,
      0,
    );
    const entries = readZip(zip);
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['one.csv', one.toString()],
      ['two.csv', two.toString()],
    ]);
    // The end record points to the ZIP64 one; each file's record needs version 4.5.
    const end = zip.length - 22;
    expect(zip.readUInt16LE(end + 10)).toBe(0xffff);
    expect(zip.readUInt32LE(end + 16)).toBe(0xffffffff);
    const record = Number(zip.readBigUInt64LE(end - 20 + 8));
    expect(zip.readUInt32LE(record)).toBe(0x06064b50);
    const directory = Number(zip.readBigUInt64LE(record + 48));
    expect(zip.readUInt16LE(directory + 6)).toBe(45);
    // The first file's data descriptor has eight-byte sizes: the second file follows it.
    const compressed = Number(zip.readBigUInt64LE(directory + 46 + 'one.csv'.length + 9 + 4 + 8));
    const descriptor = 30 + 'one.csv'.length + compressed;
    expect(zip.readUInt32LE(descriptor)).toBe(0x08074b50);
    expect(Number(zip.readBigUInt64LE(descriptor + 16))).toBe(one.length);
    expect(zip.readUInt32LE(descriptor + 24)).toBe(0x04034b50);
  });

  it('opens a file only when the writer reaches it, and stops where the reader stops', async () => {
    const opened: string[] = [];
    let finished = false;
    const source = (path: string): ZipSource => ({
      path,
      open: async function* () {
        opened.push(path);
        try {
          for (let i = 0; i < 50; i++) yield { bytes: randomBytes(100_000) };
        } finally {
          finished = true;
        }
      },
    });
    const stream = Readable.from(zipStream([source('one'), source('two')], new Date()));
    for await (const _ of stream) {
      void _;
      break;
    }
    expect(opened).toEqual(['one']);
    // The file being written is ended (its finally runs) once the stream is destroyed.
    await vi.waitFor(() => expect(finished).toBe(true));
    expect(opened).toEqual(['one']);
  });
});
