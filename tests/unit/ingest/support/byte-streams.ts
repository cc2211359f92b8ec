import type { FramedItem } from '../../../../src/server/ingest/framing/types';

/** Text delivered as Buffers of `size` bytes, as a socket or file stream would. */
export async function* chunksOf(text: string, size = 64 * 1024): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; offset += size) {
    yield bytes.subarray(offset, offset + size);
    await Promise.resolve();
  }
}

/** Everything a reader yields, records as `position: value` and errors as their message. */
export async function drain(items: AsyncIterable<FramedItem>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of items)
    out.push(item.ok ? [item.position, item.value] : item.error.message);
  return out;
}
