import type { CollectorContext, PollOutcome } from '../collector';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import { m365Token } from './m365-token';

/** A reply of the API, or how the poll ends (no token, the network). */
export type M365Answer = { reply: VendorReply } | { outcome: PollOutcome };

/**
 * Requests to the Management Activity API with a bearer token and `PublisherIdentifier` on every
 * call, content blobs included (Microsoft's troubleshooting guide: without it, requests share the
 * common throttling pool). A customer reading its own tenant is its own publisher, so the tenant
 * ID is the identifier. A token the API refuses (401) is replaced once and the request repeated.
 */
export function m365Request(
  context: CollectorContext,
  url: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<M365Answer> {
  const target = new URL(url);
  target.searchParams.set('PublisherIdentifier', context.settings.tenantId!);
  const attempt = async (fresh: boolean): Promise<M365Answer> => {
    const token = await m365Token(context, fresh);
    if ('outcome' in token) return token;
    try {
      const reply = await vendorRequest(target.href, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token.token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body: '' } : {}),
        allowInsecure: context.allowInsecure,
      });
      if (reply.status === 401 && !fresh) return attempt(true);
      return { reply };
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      return {
        outcome: { kind: 'retry', message: `Microsoft 365 could not be read: ${error.message}` },
      };
    }
  };
  return attempt(false);
}
