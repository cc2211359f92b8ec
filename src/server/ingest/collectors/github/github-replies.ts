import type { PollOutcome } from '../collector';
import type { VendorReply } from '../vendor-http';
import { header } from '../vendor-http';

/*
 * GitHub's answers: the primary rate limit on every reply (x-ratelimit-remaining, and
 * x-ratelimit-reset in epoch seconds), and secondary limits as 403 or 429 with retry-after
 * (or with none remaining). A 403 without either is the token's permission.
 */

/** When the next request may go, if the reply asks for a wait. */
export function githubNotBefore(reply: VendorReply, now: number): number | undefined {
  const retryAfter = Number(header(reply, 'retry-after'));
  if (Number.isFinite(retryAfter) && header(reply, 'retry-after') !== undefined) {
    return now + retryAfter * 1000;
  }
  if (header(reply, 'x-ratelimit-remaining') === '0') {
    const reset = Number(header(reply, 'x-ratelimit-reset'));
    return Number.isFinite(reset) ? reset * 1000 : now + 60_000;
  }
  return undefined;
}

function githubMessage(reply: VendorReply): string | null {
  try {
    const body = JSON.parse(reply.body) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** What a reply other than 200 means for the poll. */
export function githubFailure(reply: VendorReply, now: number): PollOutcome {
  const notBefore = githubNotBefore(reply, now);
  if ((reply.status === 403 || reply.status === 429) && notBefore !== undefined) {
    return {
      kind: 'throttled',
      message: `GitHub answered ${reply.status}: a rate limit was reached; Vigil waits as GitHub asks`,
      notBefore,
    };
  }
  if (reply.status === 401) {
    return {
      kind: 'denied',
      message: 'GitHub answered 401: the token is not valid or has expired',
    };
  }
  if (reply.status === 403 || reply.status === 404) {
    return {
      kind: 'denied',
      message: `GitHub answered ${reply.status}: the token may not read this audit log (it needs read:audit_log, and an owner of the organization or enterprise)`,
    };
  }
  const detail = githubMessage(reply);
  const message = `GitHub answered ${reply.status}${detail ? `: ${detail.replace(/\.$/, '')}` : ''}`;
  if (reply.status >= 500) return { kind: 'retry', message, ...(notBefore ? { notBefore } : {}) };
  return { kind: 'broken', message };
}
