import type { PollOutcome } from '../collector';
import type { Minted } from '../access-token';
import { mintToken } from '../access-token';
import { retryAfterAt } from '../retry-after';
import type { VendorReply } from '../vendor-http';

/*
 * Box's answers. Tokens come from `POST /oauth2/token` with the client-credentials grant for
 * the enterprise (box_subject_type=enterprise, box_subject_id=the enterprise ID) and last about
 * an hour; an expired one is answered 401. Errors are `{type: "error", status, code, message}`;
 * 429 carries Retry-After.
 */

/** A token for the app's service account in the enterprise. */
export function mintBoxToken(
  settings: Readonly<Record<string, string>>,
  allowInsecure: boolean,
  now: () => number,
): Promise<Minted> {
  return mintToken(
    {
      vendor: 'Box',
      url: `${settings.apiUrl}/oauth2/token`,
      form: {
        grant_type: 'client_credentials',
        client_id: settings.clientId!,
        client_secret: settings.clientSecret!,
        box_subject_type: 'enterprise',
        box_subject_id: settings.enterpriseId!,
      },
      allowInsecure,
      refused:
        'the client ID or secret is not valid, or the app is not authorized in this enterprise (Client Credentials Grant, approved in the Admin Console)',
    },
    now,
  );
}

function boxCode(reply: VendorReply): string | null {
  try {
    const body = JSON.parse(reply.body) as { code?: unknown };
    return typeof body.code === 'string' ? body.code.slice(0, 60) : null;
  } catch {
    return null;
  }
}

/** What a reply other than a page of events means for the poll. */
export function boxFailure(reply: VendorReply, now: number): PollOutcome {
  const code = boxCode(reply);
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (reply.status === 429) {
    return {
      kind: 'throttled',
      message: `Box answered ${what}: a rate limit was reached; Vigil waits as Box asks`,
      notBefore: retryAfterAt(reply, now) ?? now + 60_000,
    };
  }
  if (reply.status === 401) {
    return {
      kind: 'denied',
      message: `Box answered ${what}: the access token was refused even when new`,
    };
  }
  if (reply.status === 403) {
    return {
      kind: 'denied',
      message: `Box answered ${what}: the app may not read enterprise events (it needs the Manage enterprise properties scope and an admin’s approval)`,
    };
  }
  const retryAt = retryAfterAt(reply, now);
  if (reply.status >= 500) {
    return {
      kind: 'retry',
      message: `Box answered ${what}`,
      ...(retryAt ? { notBefore: retryAt } : {}),
    };
  }
  return { kind: 'broken', message: `Box answered ${what}` };
}
