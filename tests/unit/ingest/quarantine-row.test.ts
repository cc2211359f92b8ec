import { describe, expect, it } from 'vitest';

import { binaryInputRefusal } from '../../../src/server/ingest/framing/binary-input';
import {
  isWholeRecord,
  MAX_QUARANTINED_RAW_BYTES,
  originalRaw,
  storableRaw,
} from '../../../src/server/ingest/quarantine/quarantine-row';

describe('the raw text a quarantined record keeps', () => {
  it('is stored as read when both engines can hold it', () => {
    expect(storableRaw('{"a": "é"')).toEqual({
      raw: '{"a": "é"',
      rawEncoding: 'text',
      rawBytes: 10,
    });
  });

  it('escapes a NUL or a lone surrogate as a JSON string literal, which reads back exactly', () => {
    for (const text of ['{"a\u0000"', '{"half": "\ud800"', 'low \udc00 alone']) {
      const stored = storableRaw(text);
      expect(stored.rawEncoding).toBe('json');
      expect(stored.raw.includes('\u0000')).toBe(false);
      expect(stored.raw).not.toMatch(/[\ud800-\udfff]/);
      expect(originalRaw(stored.raw, stored.rawEncoding)).toBe(text);
    }
    expect(storableRaw('pair 😀 kept').rawEncoding).toBe('text');
  });

  it('keeps the first megabyte of a longer record, on a character boundary', () => {
    const text = `${'é'.repeat(MAX_QUARANTINED_RAW_BYTES)}`;
    const stored = storableRaw(text);
    expect(stored.rawBytes).toBe(2 * MAX_QUARANTINED_RAW_BYTES);
    expect(Buffer.byteLength(stored.raw)).toBe(MAX_QUARANTINED_RAW_BYTES);
    expect(stored.raw).not.toMatch(/\ufffd/);
    expect(isWholeRecord(stored.raw, stored.rawEncoding, stored.rawBytes)).toBe(false);
  });
});

describe('an input refused whole before reading', () => {
  it('names a binary .evtx by its signature, and refuses UTF-16 and binary data', () => {
    expect(binaryInputRefusal(Buffer.from('ElfFile\0\0\0\0', 'latin1'))).toMatch(/\.evtx/);
    expect(binaryInputRefusal(Buffer.from('\ufeff{"a":1}', 'utf16le'))).toMatch(/encoding/);
    expect(binaryInputRefusal(Buffer.alloc(512))).toMatch(/encoding/);
  });

  it('lets through text with a stray NUL: that record is quarantined, not the file refused', () => {
    expect(binaryInputRefusal(Buffer.from('{"a": 1}\n{"b\u0000": 2}\n'))).toBeNull();
  });
});
