import type { PollOutcome } from '../collector';
import { retryAfterAt } from '../retry-after';
import type { VendorReply } from '../vendor-http';

/*
 * Slack's Audit Logs API answers with standard HTTP statuses and a body `{ok: false, error}`:
 * 401 not_authed / invalid_auth, 403 missing_scope / feature_not_enabled, 400 invalid_cursor,
 * 429 with Retry-After (the limit, Tier 3, is counted for the whole organization).
 */

/** Slack's error code from a reply's body, when it has one. */
export function slackError(reply: VendorReply): string | null {
  try {
    const body = JSON.parse(reply.body) as { ok?: unknown; error?: unknown };
    return body.ok === false && typeof body.error === 'string' ? body.error.slice(0, 60) : null;
  } catch {
    return null;
  }
}

const DENIED = new Set([
  'not_authed',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'not_allowed_token_type',
  'missing_scope',
  'feature_not_enabled',
  'team_not_authorized',
  'invalid_workspace',
  'not_an_enterprise',
]);

/** What a reply other than a page of entries means for the poll. */
export function slackFailure(reply: VendorReply, now: number): PollOutcome {
  const code = slackError(reply);
  const what = code ? `${reply.status} (${code})` : String(reply.status);
  if (reply.status === 429) {
    return {
      kind: 'throttled',
      message: `Slack answered ${what}: the organization’s Audit Logs rate limit is used up; Vigil waits as Slack asks`,
      notBefore: retryAfterAt(reply, now) ?? now + 60_000,
    };
  }
  if (reply.status === 401 || code === 'not_authed' || code === 'invalid_auth') {
    return {
      kind: 'denied',
      message: `Slack answered ${what}: the token is not valid or has been revoked`,
    };
  }
  if (reply.status === 403 || (code !== null && DENIED.has(code))) {
    return {
      kind: 'denied',
      message: `Slack answered ${what}: the token may not read the audit logs (it needs the auditlogs:read scope, installed on the Enterprise organization by its owner)`,
    };
  }
  const retryAt = retryAfterAt(reply, now);
  if (reply.status >= 500) {
    return {
      kind: 'retry',
      message: `Slack answered ${what}`,
      ...(retryAt ? { notBefore: retryAt } : {}),
    };
  }
  return { kind: 'broken', message: `Slack answered ${what}` };
}
