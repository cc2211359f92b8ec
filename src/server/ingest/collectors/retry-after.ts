import type { VendorReply } from './vendor-http';
import { header } from './vendor-http';

/**
 * When a reply's Retry-After header (seconds, or an HTTP date) allows the next request, in epoch
 * ms; undefined when the reply has none or it cannot be read.
 */
export function retryAfterAt(reply: VendorReply, now: number): number | undefined {
  const value = header(reply, 'retry-after');
  if (value === undefined) return undefined;
  const seconds = Number(value);
  const at = Number.isFinite(seconds) ? now + seconds * 1000 : Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}
