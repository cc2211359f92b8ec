import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { afterAll, describe, expect, it } from 'vitest';

import {
  planReading,
  WORKER_THRESHOLD_BYTES,
} from '../../../src/server/ingest/pipeline/reading-plan';
import type { IngestRequest } from '../../../src/server/ingest/pipeline/types';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-plan-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const request = (
  input: IngestRequest['input'],
  extra: Partial<IngestRequest> = {},
): IngestRequest => ({ source: 'normalized', input, via: 'cli', ...extra });

/** A file stream of so many bytes, open (so that removing the folder later cannot race it). */
async function fileOf(bytes: number): Promise<fs.ReadStream> {
  const file = path.join(dir, `input-${bytes}.ndjson`);
  fs.writeFileSync(file, 'x'.repeat(bytes));
  const stream = fs.createReadStream(file);
  await once(stream, 'open');
  return stream;
}

const spooled = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`vigil-ingest-${process.pid}-`));

describe('where a batch is parsed', () => {
  it('a small push or a stream of unknown size stays on this thread, untouched', async () => {
    const input = Readable.from(['{"a":1}\n']);
    const plan = await planReading(request(input));
    expect(plan).toMatchObject({ inWorker: false, local: false });
    expect(plan.input).toBe(input);
    const hinted = await planReading(request(Readable.from(['{}']), { sizeHint: 100 }));
    expect(hinted.inWorker).toBe(false);
  });

  it('a large local file goes to a worker and is read where it is', async () => {
    const input = await fileOf(WORKER_THRESHOLD_BYTES + 1);
    const plan = await planReading(request(input));
    expect(plan).toMatchObject({ inWorker: true, local: true });
    expect(plan.input).toBe(input);
    input.destroy();
    const small = await planReading(request(await fileOf(1000)));
    expect(small.inWorker).toBe(false);
    (small.input as fs.ReadStream).destroy();
  });

  it('a large body from the network is copied to a temporary file first, removed by cleanup', async () => {
    const body = 'y'.repeat(WORKER_THRESHOLD_BYTES * 2);
    const plan = await planReading(
      request(Readable.from([body.slice(0, 1000), body.slice(1000)]), {
        sizeHint: body.length,
      }),
    );
    expect(plan).toMatchObject({ inWorker: true, local: true });
    expect(spooled()).toHaveLength(1);
    expect(await text(plan.input as Readable)).toBe(body);
    await plan.cleanup();
    expect(spooled()).toEqual([]);
  });

  it('the request decides when it says so; decoded records never go to a worker', async () => {
    const forced = await planReading(request(Readable.from(['{}']), { parseInWorker: true }));
    expect(forced.inWorker).toBe(true);
    await forced.cleanup();
    const refused = await planReading(
      request(await fileOf(WORKER_THRESHOLD_BYTES * 2), { parseInWorker: false }),
    );
    expect(refused.inWorker).toBe(false);
    (refused.input as fs.ReadStream).destroy();
    const records = await planReading(request({ records: [{}] }, { parseInWorker: true }));
    expect(records.inWorker).toBe(false);
  });
});
