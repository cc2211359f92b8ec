import type { PollOutcome } from '../collector';
import { retryAfterAt } from '../retry-after';
import type { VendorReply } from '../vendor-http';

/*
 * The Management Activity API's answers. Errors carry `{ error: { code, message } }` with codes
 * AFnnnnn; throttling is AF429, which Microsoft sends as 429 and, on content blobs, as 403
 * (its troubleshooting guide shows `Response Code 403: {'error':{'code':'AF429',...}}`), so a
 * 403 is read by its code before it is taken for a refusal.
 */

/** Without a Retry-After, a throttled collector waits this long. */
const DEFAULT_THROTTLE_MS = 60_000;

/** The error code and message of an error reply, when it has them. */
export function m365Error(reply: VendorReply): { code: string | null; message: string | null } {
  try {
    const body = JSON.parse(reply.body) as { error?: { code?: unknown; message?: unknown } };
    return {
      code: typeof body.error?.code === 'string' ? body.error.code : null,
      message: typeof body.error?.message === 'string' ? body.error.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

/** What a Management Activity API reply other than 200 means for the poll. */
export function m365Failure(reply: VendorReply, now: number): PollOutcome {
  const { code, message } = m365Error(reply);
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (code === 'AF429' || reply.status === 429) {
    return {
      kind: 'throttled',
      message: `Microsoft 365 answered ${what}: too many requests; Vigil waits as Microsoft asks`,
      notBefore: retryAfterAt(reply, now) ?? now + DEFAULT_THROTTLE_MS,
    };
  }
  if (reply.status === 401) {
    return {
      kind: 'denied',
      message: `Microsoft 365 answered ${what}: the access token was refused; check the tenant ID and that the app has the ActivityFeed.Read application permission with admin consent`,
    };
  }
  if (reply.status === 403 || code === 'AF10001') {
    return {
      kind: 'denied',
      message: `Microsoft 365 answered ${what}: the app may not read the activity feed (it needs the ActivityFeed.Read application permission with admin consent, and ActivityFeed.ReadDlp for DLP.All)`,
    };
  }
  const detail = message ? `: ${message.replace(/\.$/, '')}` : '';
  if (reply.status >= 500) {
    const notBefore = retryAfterAt(reply, now);
    return {
      kind: 'retry',
      message: `Microsoft 365 answered ${what}${detail}`,
      ...(notBefore ? { notBefore } : {}),
    };
  }
  return { kind: 'broken', message: `Microsoft 365 answered ${what}${detail}` };
}
