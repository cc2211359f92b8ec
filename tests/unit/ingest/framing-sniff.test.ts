import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { openRecords } from '../../../src/server/ingest/framing/read-records';
import { sniffFraming } from '../../../src/server/ingest/framing/sniff';
import { DEFAULT_WRAPPER_KEYS } from '../../../src/server/ingest/framing/types';
import { chunksOf, drain } from './support/byte-streams';

const sniff = (head: string) => sniffFraming(head, DEFAULT_WRAPPER_KEYS);

describe('sniffing the framing', () => {
  it('tells the layouts apart from the first non-blank bytes', () => {
    expect(sniff('  \n[{"a":1}')).toBe('json-array');
    expect(sniff('{"uuid":"1","eventType":"user.session.start"}\n{"uuid":"2"')).toBe('ndjson');
    expect(sniff('{"ok":true,"entries":[{"id":')).toBe('json-wrapper');
    expect(sniff('{\n  "kind": "admin#reports#activities",\n')).toBe('json-wrapper');
    expect(sniff('employee_id,email\nE1,a@acme.com')).toBe('csv');
  });

  it('does not mistake an array inside an NDJSON record for a page', () => {
    const google = '{"id":{"time":"2024-05-01T10:00:00Z"},"events":[{"name":"view"}]}\n';
    expect(sniff(google)).toBe('ndjson');
    expect(sniff('{"actor":{"items":[1]}}\n')).toBe('ndjson');
  });

  it('waits for more bytes when the head cannot tell yet', () => {
    expect(sniff('   ')).toBeNull();
    expect(sniff('{"ok":true,"resp')).toBeNull();
  });

  it('opens a Node stream and reads it with the framing it found', async () => {
    const page = JSON.stringify({ entries: [{ id: 'a' }, { id: 'b' }] });
    const opened = await openRecords(Readable.from(chunksOf(page, 3)));
    expect(opened.framing).toBe('json-wrapper');
    expect(await drain(opened.records)).toEqual([
      [1, { id: 'a' }],
      [2, { id: 'b' }],
    ]);
  });

  it('reads CSV and an empty upload', async () => {
    const csv = await openRecords(chunksOf('number,state\nRITM0010001,approved\n'));
    expect(csv.framing).toBe('csv');
    expect(await drain(csv.records)).toEqual([[2, { number: 'RITM0010001', state: 'approved' }]]);
    const empty = await openRecords(chunksOf(''));
    expect(await drain(empty.records)).toEqual([]);
  });
});
