import { crc32 } from 'node:zlib';

/**
 * The fixed layout of a .evtx file (libevtx: "Windows XML Event Log (EVTX) format"): a 4 KiB
 * file header, then 64 KiB chunks, each self-contained (its own name and template tables) and
 * checksummed, holding event records of BinXML.
 */

/** The signature a .evtx file starts with. */
export const FILE_SIGNATURE = Buffer.from('ElfFile\0', 'latin1');
export const CHUNK_SIGNATURE = Buffer.from('ElfChnk\0', 'latin1');
export const FILE_HEADER_BYTES = 4096;
export const CHUNK_BYTES = 65536;
/** Where a chunk's records start: after its 128-byte header and its two offset tables. */
export const CHUNK_RECORDS_START = 512;
/** An event record's signature, `**\0\0`. */
export const RECORD_SIGNATURE = 0x00002a2a;
/** Bytes before a record's BinXML: signature, size, identifier, written time. */
export const RECORD_HEADER_BYTES = 24;

/** True when the bytes start with the .evtx file signature. */
export function isEvtx(head: Buffer): boolean {
  return head.subarray(0, FILE_SIGNATURE.length).equals(FILE_SIGNATURE);
}

/**
 * Why a file header is unusable, or null. Only the signature, the header's checksum and a
 * major version of 3 are required: the chunk count is not trusted (dirty files undercount),
 * chunks are read until the file ends.
 */
export function fileHeaderProblem(header: Buffer): string | null {
  if (header.length < FILE_HEADER_BYTES) return 'it is shorter than a .evtx file header';
  if (!isEvtx(header)) return 'it does not start with the .evtx signature';
  if (crc32(header.subarray(0, 120)) !== header.readUInt32LE(124)) {
    return 'its file header checksum does not match';
  }
  if (header.readUInt16LE(38) !== 3) return 'its format version is not 3';
  return null;
}

/**
 * Why a chunk cannot be read, or null: its signature, the checksum of its header (bytes 0-120
 * and 128-512) and that of its records (512 to the free-space offset).
 */
export function chunkProblem(chunk: Buffer): string | null {
  if (chunk.length < CHUNK_BYTES) return 'the file ends inside it';
  if (!chunk.subarray(0, 8).equals(CHUNK_SIGNATURE))
    return 'it does not start with the chunk signature';
  const headerCrc = crc32(chunk.subarray(128, 512), crc32(chunk.subarray(0, 120)));
  if (headerCrc !== chunk.readUInt32LE(124)) return 'its header checksum does not match';
  const free = chunk.readUInt32LE(48);
  if (free < CHUNK_RECORDS_START || free > CHUNK_BYTES)
    return 'its free-space offset lies outside it';
  if (crc32(chunk.subarray(CHUNK_RECORDS_START, free)) !== chunk.readUInt32LE(52)) {
    return 'its records checksum does not match';
  }
  return null;
}

/** True for a chunk never written (all zero bytes): skipped, there is nothing in it. */
export function isUnusedChunk(chunk: Buffer): boolean {
  for (let i = 0; i < chunk.length; i += 1) if (chunk[i] !== 0) return false;
  return true;
}
