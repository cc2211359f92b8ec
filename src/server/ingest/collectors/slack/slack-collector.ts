import type { Collector, CollectorContext, PollOutcome } from '../collector';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import { slackError, slackFailure } from './slack-replies';

/*
 * Slack Audit Logs API (`GET /audit/v1/logs`). Entries come newest first, `date_create` in whole
 * seconds, paged by `cursor` (`response_metadata.next_cursor`, empty at the end). Vigil reads a
 * window at a time: `oldest` (inclusive) is where the last window ended less a trailing window,
 * `latest` (inclusive) is fixed when the window starts, so entries arriving while Vigil pages
 * cannot shift the pages under it. The window and Slack's cursor are saved with each page; a
 * restart goes on with the same window. Entries of the same second as the window's end, and
 * entries Slack indexes late, are read again by the next window and kept once by their `id`.
 */

/** Entries per page (Slack allows up to 9999). */
const PAGE_LIMIT = 1000;
/** The next window starts this long before the last one ended: late and same-second entries. */
const TRAILING_SECONDS = 300;
const MAX_PAGES = 500;

/** Where a Slack read stands. Times in epoch seconds, as Slack takes them. */
interface SlackCursor {
  oldest: number;
  /** The end of the window being read; null between windows. */
  latest: number | null;
  /** Slack's cursor within the window; null at its start. */
  next: string | null;
}

function readCursor(context: CollectorContext): SlackCursor {
  if (context.cursor) {
    try {
      return JSON.parse(context.cursor) as SlackCursor;
    } catch {
      // An unreadable cursor starts from the backfill again; ids keep entries once.
    }
  }
  const since = context.now() - context.backfillDays * 86_400_000;
  return { oldest: Math.floor(since / 1000), latest: null, next: null };
}

function logsUrl(base: string, cursor: SlackCursor & { latest: number }): string {
  const query = new URLSearchParams({
    oldest: String(cursor.oldest),
    latest: String(cursor.latest),
    limit: String(PAGE_LIMIT),
  });
  if (cursor.next) query.set('cursor', cursor.next);
  return `${base}/audit/v1/logs?${query}`;
}

function get(url: string, context: CollectorContext): Promise<VendorReply> {
  return vendorRequest(url, {
    headers: { accept: 'application/json', authorization: `Bearer ${context.settings.token}` },
    allowInsecure: context.allowInsecure,
  });
}

/** A page's entries and Slack's next cursor ('' at the end), or why it cannot be read. */
function readPage(reply: VendorReply): { entries: unknown[]; next: string } | string {
  try {
    const body = JSON.parse(reply.body) as {
      entries?: unknown;
      response_metadata?: { next_cursor?: unknown };
    };
    if (!Array.isArray(body.entries)) return 'Slack’s reply had no list of entries';
    const next = body.response_metadata?.next_cursor;
    return { entries: body.entries, next: typeof next === 'string' ? next : '' };
  } catch {
    return 'Slack’s reply was not JSON; check the API URL';
  }
}

function newestCreated(entries: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const entry of entries) {
    const created = Number((entry as { date_create?: unknown } | null)?.date_create);
    if (Number.isFinite(created) && (newest === null || created * 1000 > newest)) {
      newest = created * 1000;
    }
  }
  return newest;
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  const base = context.settings.apiUrl!;
  let cursor = readCursor(context);
  let pages = 0;
  let records = 0;
  while (pages < MAX_PAGES) {
    if (context.stopping()) return { kind: 'more', pages, records };
    const window = { ...cursor, latest: cursor.latest ?? Math.floor(context.now() / 1000) };
    let reply: VendorReply;
    try {
      reply = await get(logsUrl(base, window), context);
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      return { kind: 'retry', message: `Slack could not be read: ${error.message}` };
    }
    pages += 1;
    if (reply.status === 400 && slackError(reply) === 'invalid_cursor' && window.next) {
      // Slack's cursor lapsed (a long pause): the same window again from its start.
      cursor = { ...window, next: null };
      await context.saveCursor(JSON.stringify(cursor));
      continue;
    }
    // Slack may also answer 200 with {ok: false, error}.
    if (reply.status !== 200 || slackError(reply) !== null)
      return slackFailure(reply, context.now());
    const page = readPage(reply);
    if (typeof page === 'string') return { kind: 'broken', message: page };
    records += page.entries.length;
    const carried: SlackCursor = page.next
      ? { ...window, next: page.next }
      : {
          oldest: Math.max(window.oldest, window.latest - TRAILING_SECONDS),
          latest: null,
          next: null,
        };
    const text = JSON.stringify(carried);
    if (page.entries.length > 0) {
      await context.commitPage(page.entries, text, newestCreated(page.entries));
    } else if (text !== JSON.stringify(cursor)) {
      await context.saveCursor(text);
    }
    cursor = carried;
    if (carried.latest === null) return { kind: 'caught-up', pages, records };
  }
  return { kind: 'more', pages, records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  const base = context.settings.apiUrl!;
  const latest = Math.floor(context.now() / 1000);
  let reply: VendorReply;
  try {
    reply = await get(
      `${base}/audit/v1/logs?oldest=${latest - 86_400}&latest=${latest}&limit=1`,
      context,
    );
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return { ok: false, message: `Slack could not be reached: ${error.message}.` };
  }
  if (reply.status !== 200 || slackError(reply) !== null) {
    const outcome = slackFailure(reply, context.now());
    return { ok: false, message: `${'message' in outcome ? outcome.message : 'Slack refused'}.` };
  }
  const page = readPage(reply);
  if (typeof page === 'string') return { ok: false, message: `${page}.` };
  return { ok: true, message: 'Slack answered: the token can read the organization’s audit logs.' };
}

/** The Slack Audit Logs collector. */
export const slackCollector: Collector = { poll, test };
