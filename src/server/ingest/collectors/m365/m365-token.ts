import type { CollectorContext, PollOutcome } from '../collector';
import { cachedToken, credentialsKey, forgetToken, keepToken } from '../access-token-cache';
import { retryAfterAt } from '../retry-after';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';

/*
 * An app-only token from Microsoft Entra ID (client credentials, v2 endpoint
 * `{loginUrl}/{tenant}/oauth2/v2.0/token`), for the scope `{api origin}/.default`: the API's
 * own host, so GCC, GCC High and DoD get tokens for their clouds when their URLs are set.
 */

/** A token, or how the poll ends because none could be had. */
export type TokenAnswer = { token: string } | { outcome: PollOutcome };

function keyOf(settings: Readonly<Record<string, string>>): string {
  return credentialsKey([
    settings.loginUrl!,
    settings.tenantId!,
    settings.clientId!,
    settings.clientSecret!,
    settings.apiUrl!,
  ]);
}

/** Entra ID's error code and the first sentence of its description. */
function entraError(reply: VendorReply): { code: string | null; sentence: string | null } {
  try {
    const body = JSON.parse(reply.body) as { error?: unknown; error_description?: unknown };
    const description = typeof body.error_description === 'string' ? body.error_description : null;
    return {
      code: typeof body.error === 'string' ? body.error : null,
      // "AADSTS7000215: Invalid client secret provided. ... Trace ID: ..." → its first sentence.
      sentence: description ? (description.split(/\r?\n|(?<=\.)\s/)[0] ?? null) : null,
    };
  } catch {
    return { code: null, sentence: null };
  }
}

/** What a refused token request means, as a sentence and an outcome. */
function tokenFailure(reply: VendorReply, now: number): PollOutcome {
  const { code, sentence } = entraError(reply);
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (reply.status === 429) {
    return {
      kind: 'throttled',
      message: `Microsoft Entra ID answered ${what}: too many token requests; Vigil waits as it asks`,
      notBefore: retryAfterAt(reply, now) ?? now + 60_000,
    };
  }
  if (reply.status >= 500) {
    return { kind: 'retry', message: `Microsoft Entra ID answered ${what}` };
  }
  const why =
    code === 'invalid_client'
      ? 'the client secret is not valid or has expired'
      : code === 'unauthorized_client'
        ? 'the application (client) ID is not known in this tenant'
        : code === 'invalid_request' && sentence?.startsWith('AADSTS90002')
          ? 'the tenant ID is not known'
          : (sentence?.replace(/\.$/, '') ?? 'it refused the app’s credentials');
  return { kind: 'denied', message: `Microsoft Entra ID answered ${what}: ${why}` };
}

/**
 * A token for the Management Activity API: the one kept while fresh, otherwise a new one.
 * `fresh` forgets the kept one first (the API refused it).
 */
export async function m365Token(context: CollectorContext, fresh = false): Promise<TokenAnswer> {
  const { settings } = context;
  const key = keyOf(settings);
  if (fresh) forgetToken(key);
  const kept = cachedToken(key, context.now());
  if (kept) return { token: kept };
  const url = `${settings.loginUrl}/${encodeURIComponent(settings.tenantId!)}/oauth2/v2.0/token`;
  let reply: VendorReply;
  try {
    reply = await vendorRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId!,
        client_secret: settings.clientSecret!,
        scope: `${new URL(settings.apiUrl!).origin}/.default`,
      }).toString(),
      allowInsecure: context.allowInsecure,
    });
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return {
      outcome: {
        kind: 'retry',
        message: `Microsoft Entra ID could not be reached: ${error.message}`,
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
        message: 'Microsoft Entra ID’s reply had no access token; check the sign-in URL',
      },
    };
  }
  keepToken(key, body.access_token, Number(body.expires_in), context.now());
  return { token: body.access_token };
}
