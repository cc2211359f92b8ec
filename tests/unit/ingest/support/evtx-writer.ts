import { crc32 } from 'node:zlib';

/**
 * A small writer of binary .evtx files for tests, following the libevtx format documentation:
 * a file header, 64 KiB chunks with checksums, records of BinXML built from templates with
 * typed substitutions. Names are written inline the first time in a chunk and by offset after;
 * a template is defined inline by its first record in a chunk and referenced by later ones.
 */

/** Value types the writer can encode (libevtx "Value types"). */
export const T = {
  string: 0x01,
  uint8: 0x04,
  uint16: 0x06,
  uint32: 0x08,
  uint64: 0x0a,
  guid: 0x0f,
  fileTime: 0x11,
  sid: 0x13,
  hexInt64: 0x15,
  binXml: 0x21,
} as const;

/** A typed value for a substitution; `binXml` holds a nested template instance. */
export type Value =
  | { type: typeof T.string; value: string }
  | { type: typeof T.uint8 | typeof T.uint16 | typeof T.uint32; value: number }
  | { type: typeof T.uint64 | typeof T.hexInt64; value: bigint }
  | { type: typeof T.guid; value: string }
  | { type: typeof T.fileTime; value: string }
  | { type: typeof T.sid; value: string }
  | { type: typeof T.binXml; value: Instance }
  | null;

/** Content of a template element: another element, literal text, or substitution `index`. */
export type Node = Element | string | { sub: number; optional?: boolean };

export interface Element {
  name: string;
  attributes?: Array<[string, string | { sub: number; optional?: boolean }]>;
  children?: Node[];
}

/** A template (identified by `id`) with the values of one use of it. */
export interface Instance {
  id: number;
  template: Element;
  values: Value[];
}

export interface EvtxRecord {
  recordId: number;
  instance: Instance;
}

const FILE_HEADER = 4096;
const CHUNK = 65536;

function guidBytes(text: string): Buffer {
  const hex = text.replace(/[{}-]/g, '');
  const out = Buffer.alloc(16);
  out.writeUInt32LE(parseInt(hex.slice(0, 8), 16), 0);
  out.writeUInt16LE(parseInt(hex.slice(8, 12), 16), 4);
  out.writeUInt16LE(parseInt(hex.slice(12, 16), 16), 6);
  Buffer.from(hex.slice(16), 'hex').copy(out, 8);
  return out;
}

function sidBytes(text: string): Buffer {
  const [, revision, authority, ...subs] = text.split('-');
  const out = Buffer.alloc(8 + subs.length * 4);
  out[0] = Number(revision);
  out[1] = subs.length;
  out.writeUIntBE(Number(authority), 2, 6);
  subs.forEach((sub, i) => out.writeUInt32LE(Number(sub), 8 + i * 4));
  return out;
}

function fileTimeBytes(iso: string): Buffer {
  const [whole, fraction = '0'] = iso.replace('Z', '').split('.');
  const micros =
    BigInt(Date.parse(`${whole}Z`)) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE((micros + 11_644_473_600_000_000n) * 10n);
  return out;
}

/** Writes one chunk: records until full, returning how many it took. */
class ChunkWriter {
  readonly buf = Buffer.alloc(CHUNK);
  pos = 512;
  private readonly names = new Map<string, number>();
  private readonly templates = new Map<number, number>();

  private u8(v: number) {
    this.buf.writeUInt8(v, this.pos);
    this.pos += 1;
  }
  private u16(v: number) {
    this.buf.writeUInt16LE(v, this.pos);
    this.pos += 2;
  }
  private u32(v: number) {
    this.buf.writeUInt32LE(v, this.pos);
    this.pos += 4;
  }
  private bytes(b: Buffer) {
    if (this.pos + b.length > CHUNK) throw new RangeError('past the end of the chunk');
    b.copy(this.buf, this.pos);
    this.pos += b.length;
  }

  private name(name: string) {
    const known = this.names.get(name);
    if (known !== undefined) return this.u32(known);
    const at = this.pos + 4;
    this.u32(at);
    this.names.set(name, at);
    this.u32(0);
    this.u16(0);
    this.u16(name.length);
    this.bytes(Buffer.from(name, 'utf16le'));
    this.u16(0);
  }

  private text(value: string) {
    this.u8(0x05);
    this.u8(0x01);
    this.u16(value.length);
    this.bytes(Buffer.from(value, 'utf16le'));
  }

  private content(node: Node) {
    if (typeof node === 'string') this.text(node);
    else if ('sub' in node) {
      this.u8(node.optional === true ? 0x0e : 0x0d);
      this.u16(node.sub);
      this.u8(0);
    } else this.element(node);
  }

  private element(element: Element) {
    const attributes = element.attributes ?? [];
    this.u8(attributes.length > 0 ? 0x41 : 0x01);
    this.u16(0xffff);
    this.u32(0);
    this.name(element.name);
    if (attributes.length > 0) this.u32(0);
    attributes.forEach(([name, value], i) => {
      this.u8(i < attributes.length - 1 ? 0x46 : 0x06);
      this.name(name);
      this.content(value);
    });
    const children = element.children ?? [];
    if (children.length === 0) {
      this.u8(0x03);
      return;
    }
    this.u8(0x02);
    for (const child of children) this.content(child);
    this.u8(0x04);
  }

  private instance(instance: Instance) {
    this.u8(0x0c);
    this.u8(0x01);
    this.u32(instance.id);
    const known = this.templates.get(instance.id);
    if (known !== undefined) {
      this.u32(known);
    } else {
      const at = this.pos + 4;
      this.u32(at);
      this.templates.set(instance.id, at);
      this.u32(0);
      const guid = Buffer.alloc(16);
      guid.writeUInt32LE(instance.id, 0);
      this.bytes(guid);
      const sizeAt = this.pos;
      this.u32(0);
      const start = this.pos;
      this.bytes(Buffer.from([0x0f, 0x01, 0x01, 0x00]));
      this.element(instance.template);
      this.u8(0x00);
      this.buf.writeUInt32LE(this.pos - start, sizeAt);
    }
    this.u32(instance.values.length);
    const descriptors = this.pos;
    this.pos += instance.values.length * 4;
    instance.values.forEach((value, i) => {
      const start = this.pos;
      this.value(value);
      this.buf.writeUInt16LE(this.pos - start, descriptors + i * 4);
      this.buf.writeUInt8(value === null ? 0 : value.type, descriptors + i * 4 + 2);
    });
  }

  private value(value: Value) {
    if (value === null) return;
    switch (value.type) {
      case T.string:
        return this.bytes(Buffer.from(value.value, 'utf16le'));
      case T.uint8:
        return this.u8(value.value);
      case T.uint16:
        return this.u16(value.value);
      case T.uint32:
        return this.u32(value.value);
      case T.uint64:
      case T.hexInt64: {
        const b = Buffer.alloc(8);
        b.writeBigUInt64LE(value.value);
        return this.bytes(b);
      }
      case T.guid:
        return this.bytes(guidBytes(value.value));
      case T.fileTime:
        return this.bytes(fileTimeBytes(value.value));
      case T.sid:
        return this.bytes(sidBytes(value.value));
      case T.binXml:
        this.bytes(Buffer.from([0x0f, 0x01, 0x01, 0x00]));
        this.instance(value.value);
        return this.u8(0x00);
    }
  }

  /** Appends a record; false (and nothing written) when it does not fit. */
  record(record: EvtxRecord, time: string): boolean {
    const start = this.pos;
    const names = new Map(this.names);
    const templates = new Map(this.templates);
    try {
      this.u32(0x00002a2a);
      this.u32(0);
      const id = Buffer.alloc(8);
      id.writeBigUInt64LE(BigInt(record.recordId));
      this.bytes(id);
      this.bytes(fileTimeBytes(time));
      this.bytes(Buffer.from([0x0f, 0x01, 0x01, 0x00]));
      this.instance(record.instance);
      this.u8(0x00);
      const size = this.pos - start + 4;
      this.u32(size);
      this.buf.writeUInt32LE(size, start + 4);
      return true;
    } catch {
      // Past the end of the chunk: undo and let the next chunk take it.
      this.buf.fill(0, start);
      this.pos = start;
      this.names.clear();
      for (const [k, v] of names) this.names.set(k, v);
      this.templates.clear();
      for (const [k, v] of templates) this.templates.set(k, v);
      return false;
    }
  }

  /** Fills in the header and both checksums. */
  finish(first: number, last: number): Buffer {
    const b = this.buf;
    Buffer.from('ElfChnk\0', 'latin1').copy(b, 0);
    b.writeBigUInt64LE(BigInt(first), 8);
    b.writeBigUInt64LE(BigInt(last), 16);
    b.writeBigUInt64LE(BigInt(first), 24);
    b.writeBigUInt64LE(BigInt(last), 32);
    b.writeUInt32LE(128, 40);
    b.writeUInt32LE(this.pos, 48);
    b.writeUInt32LE(crc32(b.subarray(512, this.pos)), 52);
    b.writeUInt32LE(crc32(b.subarray(128, 512), crc32(b.subarray(0, 120))), 124);
    return b;
  }
}

/** The file header for `chunks` chunks, with its checksum. */
export function fileHeader(chunks: number, nextRecord: number): Buffer {
  const b = Buffer.alloc(FILE_HEADER);
  Buffer.from('ElfFile\0', 'latin1').copy(b, 0);
  b.writeBigUInt64LE(0n, 8);
  b.writeBigUInt64LE(BigInt(Math.max(0, chunks - 1)), 16);
  b.writeBigUInt64LE(BigInt(nextRecord), 24);
  b.writeUInt32LE(128, 32);
  b.writeUInt16LE(1, 36);
  b.writeUInt16LE(3, 38);
  b.writeUInt16LE(4096, 40);
  b.writeUInt16LE(chunks, 42);
  b.writeUInt32LE(crc32(b.subarray(0, 120)), 124);
  return b;
}

/** The chunks holding `records` (each written at `time(record)`), split when one is full. */
export function evtxChunks(records: EvtxRecord[], time: (r: EvtxRecord) => string): Buffer[] {
  const chunks: Buffer[] = [];
  let writer = new ChunkWriter();
  let first = records[0]?.recordId ?? 1;
  let last = first;
  for (const record of records) {
    if (!writer.record(record, time(record))) {
      chunks.push(writer.finish(first, last));
      writer = new ChunkWriter();
      first = record.recordId;
      if (!writer.record(record, time(record))) throw new Error('a record larger than a chunk');
    }
    last = record.recordId;
  }
  chunks.push(writer.finish(first, last));
  return chunks;
}

/** A whole .evtx file of `records`. */
export function evtxFile(records: EvtxRecord[], time: (r: EvtxRecord) => string): Buffer {
  const chunks = evtxChunks(records, time);
  return Buffer.concat([fileHeader(chunks.length, records.length + 1), ...chunks]);
}
