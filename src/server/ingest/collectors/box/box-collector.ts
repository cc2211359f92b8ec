import { withToken } from '../access-token';
import { credentialsKey } from '../access-token-cache';
import type { Collector, CollectorContext, PollOutcome } from '../collector';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import { boxFailure, mintBoxToken } from './box-replies';

/*
 * Box enterprise events (`GET /2.0/events`). Live events come from `admin_logs_streaming`,
 * paged by `stream_position`: at least once and not in time order, so each event keeps its
 * `event_id` and a page read twice adds nothing. That stream keeps two weeks only, so the first
 * run takes the stream's position `now` first, then reads the backfill from `admin_logs`
 * (`created_after` … `created_before` = that moment), then follows the stream from the position
 * it took: nothing between the two is missed, and the overlap is kept once by `event_id`.
 */

/** Events per page: Box allows up to 500 for enterprise streams. */
const PAGE_LIMIT = 500;
const MAX_PAGES = 500;

/** Where a Box read stands. */
interface BoxCursor {
  /** The admin_logs_streaming position to follow (once the backfill is done). */
  stream: string;
  /** The first run's backfill from admin_logs, while it is under way. */
  backfill: { after: string; before: string; position: string | null } | null;
}

function readCursor(text: string | null): BoxCursor | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as BoxCursor;
  } catch {
    return null;
  }
}

function eventsUrl(base: string, cursor: BoxCursor): string {
  const query = new URLSearchParams({ limit: String(PAGE_LIMIT) });
  if (cursor.backfill) {
    query.set('stream_type', 'admin_logs');
    query.set('created_after', cursor.backfill.after);
    query.set('created_before', cursor.backfill.before);
    if (cursor.backfill.position) query.set('stream_position', cursor.backfill.position);
  } else {
    query.set('stream_type', 'admin_logs_streaming');
    query.set('stream_position', cursor.stream);
  }
  return `${base}/2.0/events?${query}`;
}

/** GET with the enterprise's token, minted again once when Box answers 401. */
async function get(
  url: string,
  context: CollectorContext,
): Promise<VendorReply | { failure: PollOutcome }> {
  const { settings, allowInsecure } = context;
  return withToken(
    credentialsKey([
      'box',
      settings.apiUrl!,
      settings.clientId!,
      settings.clientSecret!,
      settings.enterpriseId!,
    ]),
    () => context.now(),
    () => mintBoxToken(settings, allowInsecure, () => context.now()),
    (token) =>
      vendorRequest(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        allowInsecure,
      }),
    (reply) => reply.status === 401,
  );
}

/** A page: its events and the next position, or why it cannot be read. */
function readPage(reply: VendorReply): { entries: unknown[]; next: string } | string {
  try {
    const body = JSON.parse(reply.body) as { entries?: unknown; next_stream_position?: unknown };
    const next = body.next_stream_position;
    if (!Array.isArray(body.entries) || (typeof next !== 'string' && typeof next !== 'number')) {
      return 'Box’s reply was not a page of events with a next_stream_position';
    }
    return { entries: body.entries, next: String(next) };
  } catch {
    return 'Box’s reply was not JSON; check the API URL';
  }
}

function newestCreated(entries: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const entry of entries) {
    const created = (entry as { created_at?: unknown } | null)?.created_at;
    const time = typeof created === 'string' ? Date.parse(created) : NaN;
    if (Number.isFinite(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

/** One request: a page, or how the poll ends. */
async function fetchPage(
  url: string,
  context: CollectorContext,
): Promise<{ entries: unknown[]; next: string } | PollOutcome> {
  let reply;
  try {
    reply = await get(url, context);
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return { kind: 'retry', message: `Box could not be read: ${error.message}` };
  }
  if ('failure' in reply) return reply.failure;
  if (reply.status !== 200) return boxFailure(reply, context.now());
  const page = readPage(reply);
  return typeof page === 'string' ? { kind: 'broken', message: page } : page;
}

/** The first run: the stream's position now, and the backfill to read before following it. */
async function start(context: CollectorContext, base: string): Promise<BoxCursor | PollOutcome> {
  const page = await fetchPage(
    `${base}/2.0/events?stream_type=admin_logs_streaming&stream_position=now&limit=1`,
    context,
  );
  if ('kind' in page) return page;
  const now = context.now();
  const cursor: BoxCursor = {
    stream: page.next,
    backfill:
      context.backfillDays > 0
        ? {
            after: new Date(now - context.backfillDays * 86_400_000).toISOString(),
            before: new Date(now).toISOString(),
            position: null,
          }
        : null,
  };
  await context.saveCursor(JSON.stringify(cursor));
  return cursor;
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  const base = context.settings.apiUrl!;
  let cursor = readCursor(context.cursor);
  if (cursor === null) {
    const started = await start(context, base);
    if ('kind' in started) return started;
    cursor = started;
  }
  let pages = 0;
  let records = 0;
  while (pages < MAX_PAGES) {
    if (context.stopping()) return { kind: 'more', pages, records };
    const page = await fetchPage(eventsUrl(base, cursor), context);
    if ('kind' in page) return page;
    pages += 1;
    records += page.entries.length;
    let carried: BoxCursor;
    if (cursor.backfill) {
      // admin_logs is done when a page comes back empty: then the stream takes over.
      carried =
        page.entries.length === 0
          ? { stream: cursor.stream, backfill: null }
          : { stream: cursor.stream, backfill: { ...cursor.backfill, position: page.next } };
    } else {
      carried = { stream: page.next, backfill: null };
    }
    const text = JSON.stringify(carried);
    if (page.entries.length > 0) {
      await context.commitPage(page.entries, text, newestCreated(page.entries));
    } else if (text !== JSON.stringify(cursor)) {
      await context.saveCursor(text);
    }
    const wasBackfill = cursor.backfill !== null;
    cursor = carried;
    // The stream is read to its end when a page comes back empty.
    if (page.entries.length === 0 && !wasBackfill) return { kind: 'caught-up', pages, records };
  }
  return { kind: 'more', pages, records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  const base = context.settings.apiUrl!;
  const page = await fetchPage(
    `${base}/2.0/events?stream_type=admin_logs_streaming&stream_position=now&limit=1`,
    context,
  );
  if ('kind' in page) {
    return { ok: false, message: `${'message' in page ? page.message : 'Box refused'}.` };
  }
  return {
    ok: true,
    message: 'Box answered: the app can read the enterprise’s events.',
  };
}

/** The Box enterprise events collector. */
export const boxCollector: Collector = { poll, test };
