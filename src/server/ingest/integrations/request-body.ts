import type { Readable } from 'node:stream';

import { tooLarge } from '../../domain-error';

/** The largest batch accepted by push or upload: 2 GiB. */
export const MAX_BATCH_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * The bytes of a request body or uploaded file as the ingest reads them, counted against
 * `limit`. Stopping early (a file of the wrong format is refused from its first records) must
 * not destroy the stream: for a request that would close the socket before the reply is sent.
 */
export async function* streamedBody(
  stream: Readable,
  limit = MAX_BATCH_BYTES,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > limit) {
      throw tooLarge(
        `The batch is larger than ${Math.round(limit / 1024 ** 3)} GiB; split it into smaller files.`,
      );
    }
    yield chunk;
  }
}

/** Lets the rest of a body the ingest did not read drain away, so the reply can be sent. */
export function drainRest(stream: Readable): boolean {
  if (stream.readableEnded || stream.destroyed) return false;
  stream.resume();
  return true;
}
