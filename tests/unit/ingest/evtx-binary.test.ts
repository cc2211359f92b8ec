import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { InputRefused } from '../../../src/server/ingest/framing/binary-input';
import { openRecords } from '../../../src/server/ingest/framing/read-records';
import type { FramedItem } from '../../../src/server/ingest/framing/types';
import { windowsParser } from '../../../src/server/ingest/parsers/windows';
import type { WindowsEventSpec } from './support/evtx-records';
import { evtxDumpJson, evtxRecord } from './support/evtx-records';
import { specs } from './support/evtx-samples';
import { evtxChunks, evtxFile, fileHeader } from './support/evtx-writer';
import { parseRecords } from './support/parse-records';
import { windowsOptions } from './support/windows-records';

const when = (id: number) => specs.find((s) => s.recordId === id)?.time ?? '2024-05-02T00:00:00Z';

/** A byte stream of `file` in pieces of `size` bytes, as a slow sender would send it. */
function pieces(file: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let at = 0; at < file.length; at += size) parts.push(file.subarray(at, at + size));
  return Readable.from(parts);
}

async function readAll(
  file: Buffer,
  size = 1000,
): Promise<{ framing: string; items: FramedItem[] }> {
  const opened = await openRecords(pieces(file, size));
  const items: FramedItem[] = [];
  for await (const item of opened.records) items.push(item);
  return { framing: opened.framing, items };
}

function values(items: FramedItem[]): unknown[] {
  return items.flatMap((item) => (item.ok ? [item.value] : []));
}

describe('binary .evtx', () => {
  const file = evtxFile(specs.map(evtxRecord), (r) => when(r.recordId));

  it('is known by its signature and decodes each record to the JSON evtx_dump prints', async () => {
    const { framing, items } = await readAll(file);
    expect(framing).toBe('evtx');
    expect(items.map((item) => item.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(values(items)).toEqual(specs.map(evtxDumpJson));
  });

  it('gives the same events as the evtx_dump JSON of the same records, on every channel', async () => {
    const fromBinary = parseRecords(
      windowsParser,
      values((await readAll(file, 4096)).items),
      windowsOptions,
    );
    const fromJson = parseRecords(windowsParser, specs.map(evtxDumpJson), windowsOptions);
    expect(fromBinary.errors).toEqual([]);
    expect(fromBinary.events).toEqual(fromJson.events);
    expect(fromBinary.events.map((event) => event.action)).toEqual([
      'System 7045',
      '4624 Logon',
      '4663 ObjectAccess',
      '1102 LogCleared',
      '1 ProcessCreate',
      'Sysmon 7 image load',
      '13 RegistryValueSet',
      '4104 ScriptBlock',
    ]);
    const logon = fromBinary.events[1]!;
    expect(logon).toMatchObject({
      actorEmail: 'jane.doe@acme.com',
      time: Date.parse('2024-05-02T08:15:30.123Z'),
    });
    const cleared = fromBinary.events[3]!;
    expect(cleared.activity).toMatch(/log|clear/i);
    const script = fromBinary.events[7]!;
    expect(JSON.stringify(script.raw)).toContain('ünïcode');
  });

  it('reads templates defined by an earlier record of the chunk and records spread over chunks', async () => {
    const many: WindowsEventSpec[] = [];
    for (let i = 0; i < 600; i += 1) {
      const base = specs[i % specs.length]!;
      many.push({ ...base, recordId: i + 1 });
    }
    const big = evtxFile(many.map(evtxRecord), () => '2024-05-02T00:00:00Z');
    expect(big.length).toBeGreaterThan(4096 + 65536 * 2);
    const { items } = await readAll(big, 65536 + 17);
    expect(items.every((item) => item.ok)).toBe(true);
    expect(values(items)).toEqual(many.map(evtxDumpJson));
  });

  it('sets a damaged chunk aside with its reason and bytes, and reads the chunks around it', async () => {
    const records = specs.map(evtxRecord);
    const time = (r: { recordId: number }) => when(r.recordId);
    const [first] = evtxChunks(records.slice(0, 3), time);
    const [damaged] = evtxChunks(records.slice(3, 5), time);
    const [badMagic] = evtxChunks(records.slice(5, 6), time);
    const [last] = evtxChunks(records.slice(6), time);
    damaged!.writeUInt8(damaged!.readUInt8(700) ^ 0xff, 700);
    badMagic!.write('NotChnk\0', 0, 'latin1');
    const file = Buffer.concat([fileHeader(4, 9), first!, damaged!, badMagic!, last!]);
    const { items } = await readAll(file);
    expect(items.map((item) => (item.ok ? 'ok' : item.error.reason))).toEqual([
      'ok',
      'ok',
      'ok',
      'a damaged .evtx chunk (its records checksum does not match): its records could not be read',
      'a damaged .evtx chunk (it does not start with the chunk signature): its records could not be read',
      'ok',
      'ok',
    ]);
    const kept = items[3]!;
    const text = JSON.parse(kept.text!) as {
      evtxChunk: number;
      fileOffset: number;
      bytesBase64: string;
    };
    expect(text).toMatchObject({ evtxChunk: 2, fileOffset: 4096 + 65536 });
    expect(Buffer.from(text.bytesBase64, 'base64').equals(damaged!)).toBe(true);
    expect(values(items)).toEqual([...specs.slice(0, 3), ...specs.slice(6)].map(evtxDumpJson));
  });

  it('sets aside a record whose binary XML does not decode, and keeps the others of its chunk', async () => {
    const chunk = evtxChunks(specs.slice(0, 2).map(evtxRecord), (r) => when(r.recordId))[0]!;
    // The second record's template instance points its template at the chunk's end.
    const second = chunk.indexOf(Buffer.from([0x2a, 0x2a, 0, 0]), 520);
    chunk.writeUInt32LE(65530, second + 24 + 4 + 6);
    const { crc32 } = await import('node:zlib');
    chunk.writeUInt32LE(crc32(chunk.subarray(512, chunk.readUInt32LE(48))), 52);
    chunk.writeUInt32LE(crc32(chunk.subarray(128, 512), crc32(chunk.subarray(0, 120))), 124);
    const { items } = await readAll(Buffer.concat([fileHeader(1, 3), chunk]));
    expect(items[0]!.ok).toBe(true);
    expect(items[1]!.ok).toBe(false);
    expect(!items[1]!.ok && items[1]!.error.reason).toMatch(
      /^a \.evtx record that does not decode/,
    );
  });

  it('refuses a file whose header is damaged, with a sentence', async () => {
    const broken = Buffer.from(file);
    broken.writeUInt8(broken.readUInt8(60) ^ 0x01, 60);
    await expect(readAll(broken)).rejects.toThrow(InputRefused);
    await expect(readAll(broken)).rejects.toThrow(
      'This .evtx file cannot be read because its file header checksum does not match; nothing was written.',
    );
  });

  it('skips chunks never written (all zeros) and reads an empty log as no records', async () => {
    const empty = Buffer.concat([fileHeader(0, 1), Buffer.alloc(65536)]);
    expect((await readAll(empty)).items).toEqual([]);
  });
});
