import type { VendorReply } from '../vendor-http';
import { header } from '../vendor-http';

/*
 * Okta's answers as sentences and waits. Okta reports its rate limit on every reply
 * (X-Rate-Limit-Limit, -Remaining, and -Reset in UTC epoch seconds) and answers 429 with
 * errorCode E0000047 when it is exceeded.
 */

/** When Okta's rate-limit window resets (epoch ms), if the reply says. */
export function rateLimitReset(reply: VendorReply): number | null {
  const reset = Number(header(reply, 'x-rate-limit-reset'));
  return Number.isFinite(reset) && reset > 0 ? reset * 1000 : null;
}

/** When the next request may go, if the reply asks for a wait: none left, or Retry-After. */
export function oktaNotBefore(reply: VendorReply, now: number): number | undefined {
  const retryAfter = header(reply, 'retry-after');
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    const at = Number.isFinite(seconds) ? now + seconds * 1000 : Date.parse(retryAfter);
    if (Number.isFinite(at)) return at;
  }
  const remaining = header(reply, 'x-rate-limit-remaining');
  if (reply.status === 429 || (remaining !== undefined && Number(remaining) <= 0)) {
    return rateLimitReset(reply) ?? now + 60_000;
  }
  return undefined;
}

/** Okta's error code and summary from an error reply's body, when it has them. */
function oktaError(reply: VendorReply): { code: string | null; summary: string | null } {
  try {
    const body = JSON.parse(reply.body) as { errorCode?: unknown; errorSummary?: unknown };
    return {
      code: typeof body.errorCode === 'string' ? body.errorCode : null,
      summary: typeof body.errorSummary === 'string' ? body.errorSummary : null,
    };
  } catch {
    return { code: null, summary: null };
  }
}

/** A sentence for a reply that is not a page of events. */
export function oktaProblem(reply: VendorReply, oauth = false): string {
  if (reply.status === 401 && oauth) {
    return 'Okta answered 401: the OAuth access token was refused even when new';
  }
  if (reply.status === 401) return 'Okta answered 401: the API token is not valid or has expired';
  if (reply.status === 403 && oauth) {
    return 'Okta answered 403: the service app may not read the System Log (grant it okta.logs.read and a role that reads reports)';
  }
  if (reply.status === 403) {
    return 'Okta answered 403: the API token may not read the System Log (its administrator needs read access to reports)';
  }
  const { code, summary } = oktaError(reply);
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (reply.status === 429) {
    return `Okta answered ${what}: the API rate limit is used up; Vigil waits until it resets`;
  }
  return `Okta answered ${what}${summary ? `: ${summary.replace(/\.$/, '')}` : ''}`;
}
