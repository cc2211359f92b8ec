import type { VendorReply } from './vendor-http';
import { header } from './vendor-http';

/**
 * When a reply's `Retry-After` lets the next request go (epoch ms): seconds or an HTTP date, as
 * RFC 9110 allows; undefined when the reply has none.
 */
export function retryAfterAt(reply: VendorReply, now: number): number | undefined {
  const value = header(reply, 'retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  const at = Number.isFinite(seconds) ? now + seconds * 1000 : Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}
