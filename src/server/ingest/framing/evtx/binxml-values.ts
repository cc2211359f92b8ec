/**
 * The typed values of Windows binary XML (BinXML), rendered the way evtx_dump renders them in
 * JSON: integers and floats as numbers, booleans as booleans, everything else as text (GUIDs in
 * upper case without braces, SIDs as `S-1-5-...`, FILETIME and SYSTEMTIME as ISO UTC with
 * microseconds, hex integers as `0x...`, binary as upper-case hex). Arrays (type | 0x80) become
 * JSON arrays.
 */

/** A value as it appears in the JSON: null for an absent (NULL-typed) substitution. */
export type BinXmlValue = string | number | boolean | null | BinXmlValue[];

/** Value type codes (libevtx: "Value types"). */
export const VALUE_TYPE = {
  null: 0x00,
  string: 0x01,
  ansiString: 0x02,
  int8: 0x03,
  uint8: 0x04,
  int16: 0x05,
  uint16: 0x06,
  int32: 0x07,
  uint32: 0x08,
  int64: 0x09,
  uint64: 0x0a,
  real32: 0x0b,
  real64: 0x0c,
  bool: 0x0d,
  binary: 0x0e,
  guid: 0x0f,
  sizeT: 0x10,
  fileTime: 0x11,
  sysTime: 0x12,
  sid: 0x13,
  hexInt32: 0x14,
  hexInt64: 0x15,
  binXml: 0x21,
} as const;

/** The array flag of a value type. */
export const ARRAY_FLAG = 0x80;

/** Fixed sizes of the scalar types, for splitting an array of them. */
const FIXED_SIZE: Readonly<Record<number, number>> = {
  [VALUE_TYPE.int8]: 1,
  [VALUE_TYPE.uint8]: 1,
  [VALUE_TYPE.int16]: 2,
  [VALUE_TYPE.uint16]: 2,
  [VALUE_TYPE.int32]: 4,
  [VALUE_TYPE.uint32]: 4,
  [VALUE_TYPE.int64]: 8,
  [VALUE_TYPE.uint64]: 8,
  [VALUE_TYPE.real32]: 4,
  [VALUE_TYPE.real64]: 8,
  [VALUE_TYPE.bool]: 4,
  [VALUE_TYPE.guid]: 16,
  [VALUE_TYPE.fileTime]: 8,
  [VALUE_TYPE.sysTime]: 16,
  [VALUE_TYPE.hexInt32]: 4,
  [VALUE_TYPE.hexInt64]: 8,
};

/** Thrown for bytes that are not a valid value; the record is quarantined with the message. */
export class BinXmlError extends Error {
  override readonly name = 'BinXmlError';
}

/** UTF-16LE text without the NUL padding writers leave at its end. */
export function utf16(bytes: Buffer): string {
  return bytes.toString('utf16le').replace(/\0+$/, '');
}

/** A 64-bit integer as a JS number when it is exact, else as its decimal text. */
function bigNumber(value: bigint): number | string {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}

/** `2024-05-02T02:12:44.093123Z`: evtx_dump's time format (microseconds, always six digits). */
function isoMicros(millis: number, micros: number): string {
  const base = new Date(millis).toISOString().slice(0, 19);
  return `${base}.${String(micros).padStart(6, '0')}Z`;
}

/** FILETIME (100 ns since 1601) as ISO UTC. */
export function fileTimeText(ticks: bigint): string {
  const micros = ticks / 10n - 11_644_473_600_000_000n;
  const whole = micros / 1_000_000n;
  const fraction = Number(micros - whole * 1_000_000n);
  return isoMicros(Number(whole) * 1000, fraction);
}

function sysTimeText(bytes: Buffer): string {
  const millis = Date.UTC(
    bytes.readUInt16LE(0),
    bytes.readUInt16LE(2) - 1,
    bytes.readUInt16LE(6),
    bytes.readUInt16LE(8),
    bytes.readUInt16LE(10),
    bytes.readUInt16LE(12),
  );
  return isoMicros(millis, bytes.readUInt16LE(14) * 1000);
}

function guidText(bytes: Buffer): string {
  const hex = (from: number, to: number) => bytes.subarray(from, to).toString('hex');
  const text = [
    bytes.readUInt32LE(0).toString(16).padStart(8, '0'),
    bytes.readUInt16LE(4).toString(16).padStart(4, '0'),
    bytes.readUInt16LE(6).toString(16).padStart(4, '0'),
    hex(8, 10),
    hex(10, 16),
  ].join('-');
  return text.toUpperCase();
}

function sidText(bytes: Buffer): string {
  if (bytes.length < 8) throw new BinXmlError('a SID value is shorter than its header');
  const count = bytes[1]!;
  if (bytes.length < 8 + count * 4) throw new BinXmlError('a SID value is cut short');
  const authority = bytes.readUIntBE(2, 6);
  const parts = [`S-${bytes[0]}-${authority}`];
  for (let i = 0; i < count; i += 1) parts.push(String(bytes.readUInt32LE(8 + i * 4)));
  return parts.join('-');
}

function hexText(value: bigint): string {
  return `0x${value.toString(16)}`;
}

/** One scalar value of a type from exactly its bytes. */
function scalar(type: number, bytes: Buffer): BinXmlValue {
  switch (type) {
    case VALUE_TYPE.null:
      return null;
    case VALUE_TYPE.string:
      return utf16(bytes);
    case VALUE_TYPE.ansiString:
      return bytes.toString('latin1').replace(/\0+$/, '');
    case VALUE_TYPE.int8:
      return bytes.readInt8(0);
    case VALUE_TYPE.uint8:
      return bytes.readUInt8(0);
    case VALUE_TYPE.int16:
      return bytes.readInt16LE(0);
    case VALUE_TYPE.uint16:
      return bytes.readUInt16LE(0);
    case VALUE_TYPE.int32:
      return bytes.readInt32LE(0);
    case VALUE_TYPE.uint32:
      return bytes.readUInt32LE(0);
    case VALUE_TYPE.int64:
      return bigNumber(bytes.readBigInt64LE(0));
    case VALUE_TYPE.uint64:
      return bigNumber(bytes.readBigUInt64LE(0));
    case VALUE_TYPE.real32:
      return bytes.readFloatLE(0);
    case VALUE_TYPE.real64:
      return bytes.readDoubleLE(0);
    case VALUE_TYPE.bool:
      return bytes.readInt32LE(0) !== 0;
    case VALUE_TYPE.binary:
      return bytes.toString('hex').toUpperCase();
    case VALUE_TYPE.guid:
      return guidText(bytes);
    case VALUE_TYPE.sizeT:
      return bytes.length === 4
        ? hexText(BigInt(bytes.readUInt32LE(0)))
        : hexText(bytes.readBigUInt64LE(0));
    case VALUE_TYPE.fileTime:
      return fileTimeText(bytes.readBigUInt64LE(0));
    case VALUE_TYPE.sysTime:
      return sysTimeText(bytes);
    case VALUE_TYPE.sid:
      return sidText(bytes);
    case VALUE_TYPE.hexInt32:
      return hexText(BigInt(bytes.readUInt32LE(0)));
    case VALUE_TYPE.hexInt64:
      return hexText(bytes.readBigUInt64LE(0));
    default:
      throw new BinXmlError(`value type 0x${type.toString(16)} is not one Vigil reads`);
  }
}

/**
 * A substitution value of `type` held in `bytes` (its whole declared size). Fixed-size scalars
 * shorter than their size are refused; arrays are split by size (strings at NULs).
 */
export function decodeValue(type: number, bytes: Buffer): BinXmlValue {
  if (bytes.length === 0) return type === VALUE_TYPE.string ? '' : null;
  const base = type & ~ARRAY_FLAG;
  if ((type & ARRAY_FLAG) !== 0) {
    if (base === VALUE_TYPE.string) return utf16(bytes).split('\0');
    if (base === VALUE_TYPE.ansiString)
      return bytes.toString('latin1').replace(/\0+$/, '').split('\0');
    const size = FIXED_SIZE[base];
    if (size === undefined)
      throw new BinXmlError(`an array of type 0x${base.toString(16)} cannot be split`);
    const items: BinXmlValue[] = [];
    for (let at = 0; at + size <= bytes.length; at += size) {
      items.push(scalar(base, bytes.subarray(at, at + size)));
    }
    return items;
  }
  const size = FIXED_SIZE[base];
  if (size !== undefined && bytes.length < size) {
    throw new BinXmlError(`a value of type 0x${base.toString(16)} is shorter than its type`);
  }
  return scalar(base, bytes);
}
