import { crc32, inflateRawSync } from 'node:zlib';

/** One file of a ZIP, read back. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * A minimal ZIP reader for tests, written from the format (PKWARE APPNOTE 4.3), independent of
 * the library that wrote the file: the end record, the central directory, each local header,
 * stored or deflated data, and each file's CRC-32 and size checked against the directory's;
 * ZIP64's end record and sizes where the classic fields say so.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('No end of central directory record: not a ZIP.');
  let count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  // ZIP64 (APPNOTE 4.3.14-15): all ones send the reader to the ZIP64 record, via its locator.
  if (count === 0xffff || at === 0xffffffff) {
    const locator = end - 20;
    if (zip.readUInt32LE(locator) !== 0x07064b50) throw new Error('No ZIP64 end locator.');
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (zip.readUInt32LE(record) !== 0x06064b50) throw new Error('No ZIP64 end record.');
    count = Number(zip.readBigUInt64LE(record + 32));
    at = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Bad central directory entry ${n}.`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    let compressedSize = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    // The ZIP64 extra field holds, in this order, each of these whose field above is all ones.
    for (let x = at + 46 + nameLength; x < at + 46 + nameLength + extraLength;) {
      const tag = zip.readUInt16LE(x);
      const length = zip.readUInt16LE(x + 2);
      if (tag === 0x0001) {
        let y = x + 4;
        const next = () => Number(zip.readBigUInt64LE((y += 8) - 8));
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (local === 0xffffffff) local = next();
      }
      x += 4 + length;
    }
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`Bad local header of ${name}.`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : method === 0 ? Buffer.from(raw) : null;
    if (!data) throw new Error(`${name} uses compression method ${method}.`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 does not match.`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, ${size} listed.`);
    entries.push({ name, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The records of a CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}
