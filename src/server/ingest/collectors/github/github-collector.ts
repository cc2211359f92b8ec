import type { Collector, CollectorContext, PollOutcome } from '../collector';
import { linkRelation } from '../link-header';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import { githubFailure, githubNotBefore } from './github-replies';

/*
 * GitHub organization or enterprise audit log (`GET /orgs/{org}/audit-log`,
 * `/enterprises/{enterprise}/audit-log`) with `include=all`, oldest first, a search phrase
 * `created:>=…` and the cursors GitHub gives in its Link header. The cursor saved is the next
 * link while a read is under way, and otherwise the time to search from: the newest event less
 * a trailing window, since events can be indexed late; what is read twice is kept once by its
 * `_document_id`.
 */

/** Events per page: GitHub allows up to 100. */
const PER_PAGE = 100;
/** Re-read this much before the newest event: the audit log indexes some events late. */
const TRAILING_WINDOW_MS = 5 * 60_000;
const MAX_PAGES = 500;

/** Where a GitHub read stands: a next link, or the time to search from. */
interface GithubCursor {
  next: string | null;
  since: number;
}

function auditLogUrl(settings: Readonly<Record<string, string>>, since: number): string {
  const base = settings.apiUrl!;
  const path = settings.enterprise
    ? `/enterprises/${encodeURIComponent(settings.enterprise)}/audit-log`
    : `/orgs/${encodeURIComponent(settings.org!)}/audit-log`;
  const query = new URLSearchParams({
    phrase: `created:>=${new Date(since).toISOString()}`,
    include: 'all',
    order: 'asc',
    per_page: String(PER_PAGE),
  });
  return `${base}${path}?${query}`;
}

function get(url: string, context: CollectorContext): Promise<VendorReply> {
  return vendorRequest(url, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${context.settings.token}`,
      'x-github-api-version': '2022-11-28',
    },
    allowInsecure: context.allowInsecure,
  });
}

function readCursor(context: CollectorContext): GithubCursor {
  if (context.cursor) {
    try {
      return JSON.parse(context.cursor) as GithubCursor;
    } catch {
      // An unreadable cursor starts from the backfill again; ids keep events once.
    }
  }
  return { next: null, since: context.now() - context.backfillDays * 86_400_000 };
}

function newestTime(events: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const event of events) {
    const stamp = (event as { '@timestamp'?: unknown } | null)?.['@timestamp'];
    if (typeof stamp === 'number' && (newest === null || stamp > newest)) newest = stamp;
  }
  return newest;
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  let cursor = readCursor(context);
  const origin = new URL(context.settings.apiUrl!).origin;
  let pages = 0;
  let records = 0;
  while (pages < MAX_PAGES) {
    if (context.stopping()) return { kind: 'more', pages, records };
    const url = cursor.next ?? auditLogUrl(context.settings, cursor.since);
    let reply: VendorReply;
    try {
      reply = await get(url, context);
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      return { kind: 'retry', message: `GitHub could not be read: ${error.message}` };
    }
    if (reply.status !== 200) return githubFailure(reply, context.now());
    let events: unknown;
    try {
      events = JSON.parse(reply.body);
    } catch {
      return { kind: 'broken', message: 'GitHub’s reply was not JSON; check the API URL' };
    }
    if (!Array.isArray(events)) {
      return { kind: 'broken', message: 'GitHub’s reply was not a list of audit log events' };
    }
    const nextLink = linkRelation(reply.headers.link, 'next');
    if (nextLink !== null && new URL(nextLink, url).origin !== origin) {
      return {
        kind: 'broken',
        message: `GitHub’s next link leaves ${origin}; Vigil does not follow it`,
      };
    }
    pages += 1;
    records += events.length;
    const newest = newestTime(events);
    const next = nextLink === null ? null : new URL(nextLink, url).href;
    // While paging, the search keeps its start; at the end it moves to the newest event's time.
    const carried: GithubCursor = next
      ? { next, since: cursor.since }
      : { next: null, since: Math.max(cursor.since, (newest ?? 0) - TRAILING_WINDOW_MS) };
    if (events.length > 0) await context.commitPage(events, JSON.stringify(carried), newest);
    else if (JSON.stringify(carried) !== JSON.stringify(cursor)) {
      await context.saveCursor(JSON.stringify(carried));
    }
    cursor = carried;
    const notBefore = githubNotBefore(reply, context.now());
    if (carried.next === null) {
      return { kind: 'caught-up', pages, records, ...(notBefore ? { notBefore } : {}) };
    }
    if (notBefore !== undefined && notBefore > context.now()) {
      return { kind: 'more', pages, records, notBefore };
    }
  }
  return { kind: 'more', pages, records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  let reply: VendorReply;
  try {
    reply = await get(auditLogUrl(context.settings, context.now() - 86_400_000), context);
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return { ok: false, message: `GitHub could not be reached: ${error.message}.` };
  }
  if (reply.status !== 200) {
    const outcome = githubFailure(reply, context.now());
    return { ok: false, message: `${'message' in outcome ? outcome.message : 'GitHub refused'}.` };
  }
  const who = context.settings.enterprise ?? context.settings.org;
  return { ok: true, message: `GitHub answered: the token can read the audit log of ${who}.` };
}

/** The GitHub audit log collector. */
export const githubCollector: Collector = { poll, test };
