import type { PollOutcome } from '../collector';
import { retryAfterAt } from '../retry-after';
import type { VendorReply } from '../vendor-http';

/*
 * Google's answers: API errors as `{ error: { code, message, status, errors: [{ reason }] } }`,
 * rate limits as 429 or as 403 with the reason rateLimitExceeded, userRateLimitExceeded or
 * quotaExceeded (Google asks for exponential backoff; a Retry-After is kept when given); token
 * errors as OAuth's `{ error, error_description }`.
 */

const RATE_REASONS = ['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded'];
/** Without a Retry-After, a throttled collector waits this long. */
const DEFAULT_THROTTLE_MS = 60_000;

function apiError(reply: VendorReply): { message: string | null; reasons: string[] } {
  try {
    const body = JSON.parse(reply.body) as {
      error?: { message?: unknown; errors?: Array<{ reason?: unknown }> };
    };
    return {
      message: typeof body.error?.message === 'string' ? body.error.message : null,
      reasons: (body.error?.errors ?? [])
        .map((entry) => entry?.reason)
        .filter((reason): reason is string => typeof reason === 'string'),
    };
  } catch {
    return { message: null, reasons: [] };
  }
}

/** What a Reports API reply other than 200 means for the poll. */
export function reportsFailure(reply: VendorReply, now: number): PollOutcome {
  const { message, reasons } = apiError(reply);
  const limited = reasons.some((reason) => RATE_REASONS.includes(reason));
  if (reply.status === 429 || (reply.status === 403 && limited)) {
    return {
      kind: 'throttled',
      message: `Google answered ${reply.status}: a rate limit or quota was reached; Vigil waits before asking again`,
      notBefore: retryAfterAt(reply, now) ?? now + DEFAULT_THROTTLE_MS,
    };
  }
  if (reply.status === 401) {
    return {
      kind: 'denied',
      message: 'Google answered 401: the access token was refused; check the service account key',
    };
  }
  if (reply.status === 403) {
    return {
      kind: 'denied',
      message:
        'Google answered 403: the admin the service account acts as may not read audit reports (it needs the Reports privilege), or the Admin SDK API is not enabled in the key’s project',
    };
  }
  const detail = message ? `: ${message.replace(/\.$/, '')}` : '';
  if (reply.status >= 500) {
    const notBefore = retryAfterAt(reply, now);
    return {
      kind: 'retry',
      message: `Google answered ${reply.status}${detail}`,
      ...(notBefore ? { notBefore } : {}),
    };
  }
  return { kind: 'broken', message: `Google answered ${reply.status}${detail}` };
}

/** What a refused token request means (the assertion, the delegation, the admin). */
export function tokenFailure(reply: VendorReply, now: number): PollOutcome {
  let code: string | null = null;
  let description: string | null = null;
  try {
    const body = JSON.parse(reply.body) as { error?: unknown; error_description?: unknown };
    code = typeof body.error === 'string' ? body.error : null;
    description = typeof body.error_description === 'string' ? body.error_description : null;
  } catch {
    // No body to read: the status says enough.
  }
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (reply.status === 429) {
    return {
      kind: 'throttled',
      message: `Google’s token endpoint answered ${what}: too many token requests; Vigil waits`,
      notBefore: retryAfterAt(reply, now) ?? now + DEFAULT_THROTTLE_MS,
    };
  }
  if (reply.status >= 500) {
    return { kind: 'retry', message: `Google’s token endpoint answered ${what}` };
  }
  const why =
    code === 'unauthorized_client'
      ? 'the service account has no domain-wide delegation for the scope admin.reports.audit.readonly'
      : code === 'invalid_grant' && /email|user id/i.test(description ?? '')
        ? 'the admin email is not a user of the domain'
        : code === 'invalid_grant'
          ? 'the service account key is not valid (revoked, deleted, or not this account’s)'
          : (description?.replace(/\.$/, '') ?? 'it refused the service account’s assertion');
  return { kind: 'denied', message: `Google’s token endpoint answered ${what}: ${why}` };
}
