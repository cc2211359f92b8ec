import type { Collector, CollectorContext, PollOutcome } from '../collector';
import { linkRelation } from '../link-header';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure } from '../vendor-http';
import { oktaGet, usesOAuth } from './okta-auth';
import { oktaNotBefore, oktaProblem } from './okta-replies';

/*
 * Okta System Log (`GET /api/v1/logs`), polled as Okta documents it: the first request gives
 * `since` (the backfill) and ASCENDING order; every later request is the `next` link of the one
 * before, which a polling request always has, even on an empty page. Vigil never builds a page
 * URL itself (since/until paging skips or repeats events). Events may come out of `published`
 * order; each keeps its uuid (with its content digest) as its id, so a page read twice adds
 * nothing.
 */

/** Events per page: Okta allows up to 1000. */
const PAGE_LIMIT = 1000;
/** Pages in one poll at most; the next poll goes on from the cursor. */
const MAX_PAGES = 500;

/** The first request of a collection: everything since the backfill. */
export function firstPageUrl(base: string, backfillDays: number, now: number): string {
  const since = new Date(now - backfillDays * 86_400_000).toISOString();
  const query = new URLSearchParams({ since, sortOrder: 'ASCENDING', limit: String(PAGE_LIMIT) });
  return `${base}/api/v1/logs?${query}`;
}

/** Why a reply cannot be followed (not JSON, not a list, no next link, another host). */
function unusable(reply: VendorReply, base: string): string | { events: unknown[]; next: string } {
  let events: unknown;
  try {
    events = JSON.parse(reply.body);
  } catch {
    return 'Okta’s reply was not JSON; check that the URL is the Okta domain';
  }
  if (!Array.isArray(events)) return 'Okta’s reply was not a list of System Log events';
  const next = linkRelation(reply.headers.link, 'next');
  if (next === null) {
    return 'Okta’s reply had no next link, which a polling request always has; check that the URL is the Okta domain';
  }
  let nextUrl: URL;
  try {
    nextUrl = new URL(next, base);
  } catch {
    return 'Okta’s next link is not a URL';
  }
  if (nextUrl.origin !== new URL(base).origin) {
    return `Okta’s next link points to ${nextUrl.origin}, not to ${new URL(base).origin}; Vigil does not follow it`;
  }
  return { events, next: nextUrl.href };
}

/** The newest `published` of a page (events may be out of order), or null. */
function newestPublished(events: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const event of events) {
    const published = (event as { published?: unknown } | null)?.published;
    const time = typeof published === 'string' ? Date.parse(published) : NaN;
    if (Number.isFinite(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

/** What a reply other than 200 means for the poll. */
function failed(reply: VendorReply, now: number, oauth: boolean): PollOutcome {
  const message = oktaProblem(reply, oauth);
  if (reply.status === 401 || reply.status === 403) return { kind: 'denied', message };
  const notBefore = oktaNotBefore(reply, now);
  if (reply.status === 429) return { kind: 'throttled', message, notBefore: notBefore! };
  if (reply.status >= 500) return { kind: 'retry', message, ...(notBefore ? { notBefore } : {}) };
  return { kind: 'broken', message };
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  const base = context.settings.url!;
  let url = context.cursor;
  if (url === null) {
    // Saved before the first request: a restart goes on from the same `since`.
    url = firstPageUrl(base, context.backfillDays, context.now());
    await context.saveCursor(url);
  }
  let pages = 0;
  let records = 0;
  while (pages < MAX_PAGES) {
    if (context.stopping()) return { kind: 'more', pages, records };
    let reply: VendorReply;
    try {
      const answer = await oktaGet(url, context);
      if ('failure' in answer) return answer.failure;
      reply = answer;
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      return { kind: 'retry', message: `Okta could not be read: ${error.message}` };
    }
    if (reply.status !== 200) return failed(reply, context.now(), usesOAuth(context.settings));
    const page = unusable(reply, base);
    if (typeof page === 'string') return { kind: 'broken', message: page };
    pages += 1;
    records += page.events.length;
    if (page.events.length > 0) {
      await context.commitPage(page.events, page.next, newestPublished(page.events));
    } else if (page.next !== url) {
      await context.saveCursor(page.next);
    }
    url = page.next;
    const notBefore = oktaNotBefore(reply, context.now());
    // An empty page: caught up (Okta's own advice: follow next until no events are returned).
    if (page.events.length === 0) {
      return { kind: 'caught-up', pages, records, ...(notBefore ? { notBefore } : {}) };
    }
    if (notBefore !== undefined && notBefore > context.now()) {
      return { kind: 'more', pages, records, notBefore };
    }
  }
  return { kind: 'more', pages, records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  const base = context.settings.url!;
  const oauth = usesOAuth(context.settings);
  let reply: VendorReply;
  try {
    const answer = await oktaGet(`${base}/api/v1/logs?limit=1`, context);
    if ('failure' in answer) {
      const { failure } = answer;
      return { ok: false, message: `${'message' in failure ? failure.message : 'Okta refused'}.` };
    }
    reply = answer;
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return { ok: false, message: `Okta could not be reached: ${error.message}.` };
  }
  if (reply.status !== 200) return { ok: false, message: `${oktaProblem(reply, oauth)}.` };
  const page = unusable(reply, base);
  if (typeof page === 'string') return { ok: false, message: `${page}.` };
  const who = oauth ? 'the OAuth service app' : 'the API token';
  return {
    ok: true,
    message: `Okta answered: ${who} can read the System Log of ${new URL(base).host}.`,
  };
}

/** The Okta System Log collector. */
export const oktaCollector: Collector = { poll, test };
