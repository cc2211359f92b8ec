import type { Minted } from '../access-token';
import { mintToken } from '../access-token';
import type { PollOutcome } from '../collector';
import { retryAfterAt } from '../retry-after';
import type { VendorReply } from '../vendor-http';

/*
 * Dropbox's answers. Short-lived access tokens come from `POST /oauth2/token` with the
 * refresh-token grant (the app key and secret as client_id and client_secret) and last about
 * four hours. Errors are `{error_summary, error: {".tag": …}}`: 401 for the token
 * (expired_access_token, invalid_access_token, missing_scope), 409 for the route's own errors
 * (get_events/continue: bad_cursor, or reset with the timestamp to start again from), 429 with
 * Retry-After.
 */

/** A short-lived token from the refresh token. */
export function mintDropboxToken(
  settings: Readonly<Record<string, string>>,
  allowInsecure: boolean,
  now: () => number,
): Promise<Minted> {
  return mintToken(
    {
      vendor: 'Dropbox',
      url: `${settings.apiUrl}/oauth2/token`,
      form: {
        grant_type: 'refresh_token',
        refresh_token: settings.refreshToken!,
        client_id: settings.appKey!,
        client_secret: settings.appSecret!,
      },
      allowInsecure,
      refused: 'the refresh token is not valid or was revoked, or the app key or secret is wrong',
    },
    now,
  );
}

/** The error union of a Dropbox error reply: its tag, and the reset time when it has one. */
export function dropboxError(reply: VendorReply): { tag: string | null; reset: string | null } {
  try {
    const body = JSON.parse(reply.body) as { error?: Record<string, unknown> };
    // A rate limit's reason is one level down: {error: {reason: {".tag": "too_many_requests"}}}.
    const reason = body.error?.reason as Record<string, unknown> | undefined;
    const tag = body.error?.['.tag'] ?? reason?.['.tag'];
    const reset = body.error?.reset;
    return {
      tag: typeof tag === 'string' ? tag.slice(0, 60) : null,
      reset: typeof reset === 'string' ? reset : null,
    };
  } catch {
    return { tag: null, reset: null };
  }
}

/** Whether a 401 says the access token is no good (a new one may be minted). */
export function tokenRefused(reply: VendorReply): boolean {
  if (reply.status !== 401) return false;
  const { tag } = dropboxError(reply);
  return tag === 'expired_access_token' || tag === 'invalid_access_token';
}

/** What a reply other than a page of events (or a reset) means for the poll. */
export function dropboxFailure(reply: VendorReply, now: number): PollOutcome {
  const { tag } = dropboxError(reply);
  const what = tag ? `${reply.status} (${tag})` : String(reply.status);
  if (reply.status === 429) {
    return {
      kind: 'throttled',
      message: `Dropbox answered ${what}: a rate limit was reached; Vigil waits as Dropbox asks`,
      notBefore: retryAfterAt(reply, now) ?? now + 60_000,
    };
  }
  if (reply.status === 401 && tag === 'missing_scope') {
    return {
      kind: 'denied',
      message: `Dropbox answered ${what}: the app may not read the team log (it needs the events.read scope, and a team admin’s refresh token)`,
    };
  }
  if (reply.status === 401 || reply.status === 403) {
    return {
      kind: 'denied',
      message: `Dropbox answered ${what}: the access token was refused even when new`,
    };
  }
  const retryAt = retryAfterAt(reply, now);
  if (reply.status >= 500) {
    return {
      kind: 'retry',
      message: `Dropbox answered ${what}`,
      ...(retryAt ? { notBefore: retryAt } : {}),
    };
  }
  return { kind: 'broken', message: `Dropbox answered ${what}` };
}
