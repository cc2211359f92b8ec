import { createHash, sign } from 'node:crypto';

import type { CollectorContext, PollOutcome } from '../collector';
import { cachedToken, credentialsKey, forgetToken, keepToken } from '../access-token-cache';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import type { ServiceAccountKey } from './google-key';
import { readServiceAccountKey } from './google-key';
import { tokenFailure } from './google-replies';

/*
 * A service account's access token by domain-wide delegation (Google's "OAuth 2.0 for server to
 * server applications"): a JWT signed RS256 with the key, issued by `client_email`, for the
 * admin it acts as (`sub`), the Reports audit scope, and the key file's `token_uri` as audience,
 * exchanged there with the jwt-bearer grant. Signed here with node:crypto: google-auth-library
 * posts to a fixed https://oauth2.googleapis.com/token whatever the key file's token_uri says,
 * and through its own HTTP client, which would bypass Vigil's connect-time address check.
 */

/** The only scope Vigil asks for: reading audit activities. */
export const REPORTS_SCOPE = 'https://www.googleapis.com/auth/admin.reports.audit.readonly';
/** Assertions are valid for at most an hour. */
const ASSERTION_SECONDS = 3600;

/** A token, or how the poll ends because none could be had. */
export type TokenAnswer = { token: string } | { outcome: PollOutcome };

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion (RFC 7523) for the admin the service account acts as. */
export function signAssertion(key: ServiceAccountKey, subject: string, now: number): string {
  const issued = Math.floor(now / 1000);
  const head = base64url(
    JSON.stringify({
      alg: 'RS256',
      typ: 'JWT',
      ...(key.privateKeyId ? { kid: key.privateKeyId } : {}),
    }),
  );
  const claims = base64url(
    JSON.stringify({
      iss: key.clientEmail,
      sub: subject,
      scope: REPORTS_SCOPE,
      aud: key.tokenUri,
      iat: issued,
      exp: issued + ASSERTION_SECONDS,
    }),
  );
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${claims}`), key.privateKey);
  return `${head}.${claims}.${base64url(signature)}`;
}

/** A token for the Reports API: the kept one while fresh, else a new one (`fresh`: forget it). */
export async function googleToken(context: CollectorContext, fresh = false): Promise<TokenAnswer> {
  const { settings } = context;
  const keyText = settings.serviceAccountKey!;
  const cacheKey = credentialsKey([
    createHash('sha256').update(keyText).digest('hex'),
    settings.adminEmail!,
  ]);
  if (fresh) forgetToken(cacheKey);
  const kept = cachedToken(cacheKey, context.now());
  if (kept) return { token: kept };
  const key = readServiceAccountKey(keyText);
  if (typeof key === 'string') {
    return {
      outcome: { kind: 'denied', message: `The service account key ${key.replace(/\.$/, '')}` },
    };
  }
  let reply: VendorReply;
  try {
    reply = await vendorRequest(key.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signAssertion(key, settings.adminEmail!, context.now()),
      }).toString(),
      allowInsecure: context.allowInsecure,
    });
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return {
      outcome: {
        kind: 'retry',
        message: `Google’s token endpoint could not be reached: ${error.message}`,
      },
    };
  }
  if (reply.status !== 200) return { outcome: tokenFailure(reply, context.now()) };
  let body: { access_token?: unknown; expires_in?: unknown };
  try {
    body = JSON.parse(reply.body) as typeof body;
  } catch {
    body = {};
  }
  if (typeof body.access_token !== 'string') {
    return {
      outcome: {
        kind: 'broken',
        message: 'Google’s token endpoint answered without an access token',
      },
    };
  }
  keepToken(cacheKey, body.access_token, Number(body.expires_in), context.now());
  return { token: body.access_token };
}
