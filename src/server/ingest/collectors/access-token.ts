import { cachedToken, forgetToken, keepToken } from './access-token-cache';
import type { PollOutcome } from './collector';
import { retryAfterAt } from './retry-after';
import type { VendorReply } from './vendor-http';
import { NetworkFailure, vendorRequest } from './vendor-http';

/*
 * OAuth access tokens that collectors mint from stored credentials (Box's client credentials,
 * Dropbox's refresh token, Okta's signed client assertion), kept in the one token cache
 * (access-token-cache.ts) that the Microsoft 365 and Google collectors use too: in this
 * process's memory only, under a digest of the credentials, minted again before it expires or
 * as soon as the vendor refuses it; never stored or logged.
 */

/** A token request's answer: the token, or what the poll should do instead. */
export type Minted = { token: string; expiresInSeconds: number } | { failure: PollOutcome };

/** A token for these credentials: the cached one while it is good, else a fresh one. */
export async function accessToken(
  key: string,
  now: number,
  mint: () => Promise<Minted>,
): Promise<{ token: string } | { failure: PollOutcome }> {
  const cached = cachedToken(key, now);
  if (cached !== null) return { token: cached };
  forgetToken(key);
  const minted = await mint();
  if ('failure' in minted) return minted;
  keepToken(key, minted.token, minted.expiresInSeconds, now);
  return { token: minted.token };
}

/**
 * Sends a request with a token; when the vendor says the token is no good (`refused`), mints a
 * new one and sends it once more. A NetworkFailure of the request itself is thrown.
 */
export async function withToken(
  key: string,
  now: () => number,
  mint: () => Promise<Minted>,
  send: (token: string) => Promise<VendorReply>,
  refused: (reply: VendorReply) => boolean,
): Promise<VendorReply | { failure: PollOutcome }> {
  for (let attempt = 0; ; attempt += 1) {
    const token = await accessToken(key, now(), mint);
    if ('failure' in token) return token;
    const reply = await send(token.token);
    if (!refused(reply) || attempt > 0) return reply;
    forgetToken(key);
  }
}

/** How a vendor's token endpoint is named in sentences, and what its refusal means. */
export interface TokenEndpoint {
  vendor: string;
  url: string;
  form: Record<string, string>;
  headers?: Record<string, string>;
  allowInsecure: boolean;
  /** The sentence for a refusal of the credentials (400/401/403), after "<vendor> answered N". */
  refused: string;
  /**
   * When a 429 lets the next request go (epoch ms), for a vendor that says it otherwise than
   * with Retry-After (Okta: X-Rate-Limit-Reset); Retry-After when left out.
   */
  notBefore?: (reply: VendorReply, now: number) => number | undefined;
}

/** The OAuth error code and description of a token endpoint's error reply (RFC 6749 §5.2). */
function oauthError(reply: VendorReply): string | null {
  try {
    const body = JSON.parse(reply.body) as { error?: unknown };
    return typeof body.error === 'string' ? body.error.slice(0, 60) : null;
  } catch {
    return null;
  }
}

/**
 * POSTs a token request (a form, as OAuth 2.0 asks) and reads `access_token`, `expires_in`.
 * A Retry-After counts from the answer, so the clock is read once it has come.
 */
export async function mintToken(endpoint: TokenEndpoint, now: () => number): Promise<Minted> {
  let reply: VendorReply;
  try {
    reply = await vendorRequest(endpoint.url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        ...endpoint.headers,
      },
      body: new URLSearchParams(endpoint.form).toString(),
      allowInsecure: endpoint.allowInsecure,
    });
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    const message = `${endpoint.vendor} could not be asked for an access token: ${error.message}`;
    return { failure: { kind: 'retry', message } };
  }
  const code = oauthError(reply);
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (reply.status === 400 || reply.status === 401 || reply.status === 403) {
    const message = `${endpoint.vendor} answered ${what} to the token request: ${endpoint.refused}`;
    return { failure: { kind: 'denied', message } };
  }
  if (reply.status === 429) {
    const message = `${endpoint.vendor} answered 429 to the token request: a rate limit was reached; Vigil waits as ${endpoint.vendor} asks`;
    const answered = now();
    const notBefore = (endpoint.notBefore ?? retryAfterAt)(reply, answered) ?? answered + 60_000;
    return { failure: { kind: 'throttled', message, notBefore } };
  }
  if (reply.status !== 200) {
    const message = `${endpoint.vendor} answered ${what} to the token request`;
    return { failure: { kind: reply.status >= 500 ? 'retry' : 'broken', message } };
  }
  try {
    const body = JSON.parse(reply.body) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new Error();
    const expires = Number(body.expires_in);
    return {
      token: body.access_token,
      expiresInSeconds: Number.isFinite(expires) && expires > 0 ? expires : 3600,
    };
  } catch {
    const message = `${endpoint.vendor}’s token reply had no access token; check the API URL`;
    return { failure: { kind: 'broken', message } };
  }
}
