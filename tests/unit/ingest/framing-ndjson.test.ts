import { describe, expect, it } from 'vitest';

import { readNdjson } from '../../../src/server/ingest/framing/ndjson';
import { chunksOf, drain } from './support/byte-streams';

describe('NDJSON framing', () => {
  it('numbers records by line, skipping blank lines and accepting CRLF and a BOM', async () => {
    const text = '\uFEFF{"a":1}\r\n\r\n   \n{"b":2}\n{"c":3}';
    expect(await drain(readNdjson(chunksOf(text, 3)))).toEqual([
      [1, { a: 1 }],
      [4, { b: 2 }],
      [5, { c: 3 }],
    ]);
  });

  it('keeps the text of each record, so its raw copy is stored as it came', async () => {
    const items = [];
    for await (const item of readNdjson(chunksOf('{"a": 1}\r\n\uFEFF {"b":"\\u00e9"}\n', 4))) {
      items.push(item);
    }
    expect(items.map((item) => (item.ok ? item.text : null))).toEqual([
      '{"a": 1}',
      '{"b":"\\u00e9"}',
    ]);
  });

  it('reports a bad line with its number and goes on with the next one', async () => {
    const text = '{"a":1}\n{"b":}\n{"c":3}\n';
    const items = await drain(readNdjson(chunksOf(text)));
    expect(items[0]).toEqual([1, { a: 1 }]);
    expect(items[1]).toMatch(/^line 2: not valid JSON/);
    expect(items[2]).toEqual([3, { c: 3 }]);
  });

  it('says a cut-off last line is truncated', async () => {
    const items = await drain(readNdjson(chunksOf('{"a":1}\n{"b":"unfinished')));
    expect(items[1]).toBe('line 2: unexpected end of input: the JSON is truncated');
  });

  it('rejects an over-long line as soon as it passes the limit, then reads on', async () => {
    const limit = 1024 * 1024;
    let produced = 0;
    let producedAtError = -1;
    async function* source(): AsyncGenerator<Buffer> {
      await Promise.resolve();
      yield Buffer.from('{"first":true}\n');
      const piece = Buffer.alloc(64 * 1024, 'x');
      for (let i = 0; i < 160; i += 1) {
        produced += piece.length;
        yield piece;
      }
      yield Buffer.from('\n{"last":true}\n');
    }
    const items: unknown[] = [];
    for await (const item of readNdjson(source(), { maxRecordBytes: limit })) {
      if (!item.ok && producedAtError < 0) producedAtError = produced;
      items.push(item.ok ? item.value : item.error.message);
    }
    expect(items).toEqual([
      { first: true },
      expect.stringMatching(/^line 2: the line is longer than the 1 MiB limit/),
      { last: true },
    ]);
    // The 10 MiB line was refused after about 1 MiB, not after reading all of it.
    expect(producedAtError).toBeLessThanOrEqual(limit + 64 * 1024);
  });

  it('streams 200,000 lines without reading ahead of the consumer', async () => {
    const total = 200_000;
    let producedLines = 0;
    async function* source(): AsyncGenerator<string> {
      for (let start = 0; start < total; start += 1000) {
        let chunk = '';
        for (let i = start; i < start + 1000; i += 1) {
          chunk += `{"n":${i},"user":"user${i % 50}@acme.com","action":"git.clone"}\n`;
        }
        producedLines += 1000;
        await Promise.resolve();
        yield chunk;
      }
    }
    let count = 0;
    let lastN = -1;
    let misplaced = 0;
    let producedAtFirst = 0;
    for await (const item of readNdjson(source())) {
      if (!item.ok) throw item.error;
      if (count === 0) producedAtFirst = producedLines;
      lastN = (item.value as { n: number }).n;
      if (item.position !== lastN + 1) misplaced += 1;
      count += 1;
    }
    expect(count).toBe(total);
    expect(misplaced).toBe(0);
    expect(lastN).toBe(total - 1);
    expect(producedAtFirst).toBe(1000);
  });
});
