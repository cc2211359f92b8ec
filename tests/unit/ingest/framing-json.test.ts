import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { readJsonArray, readJsonWrapper } from '../../../src/server/ingest/framing/json-records';
import { chunksOf, drain } from './support/byte-streams';

describe('JSON array framing', () => {
  it('streams elements with their 1-based index, whatever the chunk boundaries', async () => {
    const text = '[ {"path":"C:\\\\a]b","q":"say \\"hi\\" [x]"}, [1,{"n":[2]}], "é€", 3 , null ]';
    for (const size of [1, 2, 5, 64]) {
      expect(await drain(readJsonArray(chunksOf(text, size)))).toEqual([
        [1, { path: 'C:\\a]b', q: 'say "hi" [x]' }],
        [2, [1, { n: [2] }]],
        [3, 'é€'],
        [4, 3],
        [5, null],
      ]);
    }
  });

  it('gives the same values as JSON.parse for any array split anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue(), { maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        async (values, size) => {
          const items = await drain(readJsonArray(chunksOf(JSON.stringify(values, null, 1), size)));
          expect(items).toEqual(
            values.map((value, index) => [index + 1, JSON.parse(JSON.stringify(value)) as unknown]),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('names the record where a truncated array stops', async () => {
    const items = await drain(readJsonArray(chunksOf('[{"a":1},{"b":2},{"c":"cut', 4)));
    expect(items).toEqual([
      [1, { a: 1 }],
      [2, { b: 2 }],
      'record 3: unexpected end of input: the JSON is truncated',
    ]);
  });

  it('reports a bad element and keeps reading the ones after it', async () => {
    const items = await drain(readJsonArray(chunksOf('[{"a":1}, {"b":tru}, 7, ]')));
    expect(items[0]).toEqual([1, { a: 1 }]);
    expect(items[1]).toMatch(/^record 2: not valid JSON/);
    expect(items[2]).toEqual([3, 7]);
    expect(items[3]).toMatch(
      /^record 4: no record here: the array has two commas in a row or a comma before "\]"/,
    );
  });

  it('rejects text that is not an array, and text after its end', async () => {
    expect(await drain(readJsonArray(chunksOf('{"a":1}')))).toEqual([
      'record 1: expected a JSON array: the input does not start with "["',
    ]);
    expect(await drain(readJsonArray(chunksOf('[1] [2]')))).toEqual([
      [1, 1],
      'record 2: unexpected text after the end of the JSON array',
    ]);
  });

  it('refuses an element over the size limit without stopping', async () => {
    const big = `"${'x'.repeat(5000)}"`;
    const items = await drain(
      readJsonArray(chunksOf(`[1, ${big}, 3]`, 100), { maxRecordBytes: 1024 }),
    );
    expect(items).toEqual([
      [1, 1],
      'record 2: the record is larger than the 1 KiB limit for one record',
      [3, 3],
    ]);
  });
});

describe('API page framing', () => {
  it("streams a Slack page's entries and ignores the rest of the envelope", async () => {
    const page = JSON.stringify({
      entries: [{ id: 'e1' }, { id: 'e2' }],
      response_metadata: { next_cursor: 'dXNlcjpVMEc5V0ZYTlo=' },
    });
    expect(await drain(readJsonWrapper(chunksOf(page, 7)))).toEqual([
      [1, { id: 'e1' }],
      [2, { id: 'e2' }],
    ]);
  });

  it('reads several pretty-printed Google pages in a row, counting on across pages', async () => {
    const first = JSON.stringify(
      { kind: 'admin#reports#activities', items: [{ n: 1 }, { n: 2 }], nextPageToken: 'A' },
      null,
      2,
    );
    const second = JSON.stringify({ kind: 'admin#reports#activities', items: [{ n: 3 }] }, null, 2);
    expect(await drain(readJsonWrapper(chunksOf(`${first}\n${second}\n`, 5)))).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
  });

  it('takes an object without a wrapper key as a record of its own', async () => {
    const text = '{\n  "deviceName": "LAPTOP-1",\n  "value": 3\n}\n{"deviceName": "LAPTOP-2"}';
    expect(await drain(readJsonWrapper(chunksOf(text, 3)))).toEqual([
      [1, { deviceName: 'LAPTOP-1', value: 3 }],
      [2, { deviceName: 'LAPTOP-2' }],
    ]);
  });

  it('names the record where a truncated page stops', async () => {
    const items = await drain(readJsonWrapper(chunksOf('{"entries":[{"id":1},{"id":', 6)));
    expect(items).toEqual([
      [1, { id: 1 }],
      'record 2: unexpected end of input: the JSON is truncated',
    ]);
  });
});
