import { withToken } from '../access-token';
import { credentialsKey } from '../access-token-cache';
import type { Collector, CollectorContext, PollOutcome } from '../collector';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import { dropboxError, dropboxFailure, mintDropboxToken, tokenRefused } from './dropbox-replies';

/*
 * Dropbox team log: `POST /2/team_log/get_events` with the backfill's start time (and no end
 * time, so the cursor can be followed for new events), then `get_events/continue` with each
 * cursor while `has_more`, and again at each poll. A page may hold no events yet have more.
 * When Dropbox resets a cursor (409 `reset`), Vigil starts again with get_events from the
 * timestamp the error names. Events have no id: each is kept by a digest of the record, so a
 * page read twice adds nothing.
 */

/** Events per page: Dropbox allows up to 1000. */
const PAGE_LIMIT = 1000;
const MAX_PAGES = 500;

/** Where a Dropbox read stands: Dropbox's cursor, or the time to start from. */
interface DropboxCursor {
  cursor: string | null;
  /** Where get_events starts when there is no cursor (the backfill, or a reset's timestamp). */
  start: string;
}

function readCursor(context: CollectorContext): DropboxCursor {
  if (context.cursor) {
    try {
      return JSON.parse(context.cursor) as DropboxCursor;
    } catch {
      // An unreadable cursor starts from the backfill again; digests keep events once.
    }
  }
  const start = new Date(context.now() - context.backfillDays * 86_400_000);
  // Dropbox takes timestamps to the second.
  return { cursor: null, start: `${start.toISOString().slice(0, 19)}Z` };
}

/** POST with a fresh token, minted again once when Dropbox says it expired. */
function post(
  path: string,
  body: unknown,
  context: CollectorContext,
): Promise<VendorReply | { failure: PollOutcome }> {
  const { settings, allowInsecure } = context;
  return withToken(
    credentialsKey([
      'dropbox',
      settings.apiUrl!,
      settings.appKey!,
      settings.appSecret!,
      settings.refreshToken!,
    ]),
    () => context.now(),
    () => mintDropboxToken(settings, allowInsecure, () => context.now()),
    (token) =>
      vendorRequest(`${settings.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(body),
        allowInsecure,
      }),
    tokenRefused,
  );
}

function request(cursor: DropboxCursor): { path: string; body: unknown } {
  return cursor.cursor
    ? { path: '/2/team_log/get_events/continue', body: { cursor: cursor.cursor } }
    : {
        path: '/2/team_log/get_events',
        body: { limit: PAGE_LIMIT, time: { start_time: cursor.start } },
      };
}

function readPage(
  reply: VendorReply,
): { events: unknown[]; cursor: string; hasMore: boolean } | string {
  try {
    const body = JSON.parse(reply.body) as {
      events?: unknown;
      cursor?: unknown;
      has_more?: unknown;
    };
    if (!Array.isArray(body.events) || typeof body.cursor !== 'string') {
      return 'Dropbox’s reply was not a page of team events with a cursor';
    }
    return { events: body.events, cursor: body.cursor, hasMore: body.has_more === true };
  } catch {
    return 'Dropbox’s reply was not JSON; check the API URL';
  }
}

function newestTimestamp(events: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const event of events) {
    const stamp = (event as { timestamp?: unknown } | null)?.timestamp;
    const time = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    if (Number.isFinite(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  let cursor = readCursor(context);
  let pages = 0;
  let records = 0;
  while (pages < MAX_PAGES) {
    if (context.stopping()) return { kind: 'more', pages, records };
    const { path, body } = request(cursor);
    let reply;
    try {
      reply = await post(path, body, context);
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      return { kind: 'retry', message: `Dropbox could not be read: ${error.message}` };
    }
    if ('failure' in reply) return reply.failure;
    pages += 1;
    if (reply.status === 409 && cursor.cursor) {
      const { tag, reset } = dropboxError(reply);
      if (tag === 'reset' && reset !== null && Number.isFinite(Date.parse(reset))) {
        // Dropbox reset the cursor: start again from the timestamp it names.
        cursor = { cursor: null, start: reset };
        await context.saveCursor(JSON.stringify(cursor));
        continue;
      }
      if (tag === 'bad_cursor') {
        cursor = { cursor: null, start: cursor.start };
        await context.saveCursor(JSON.stringify(cursor));
        continue;
      }
    }
    if (reply.status !== 200) return dropboxFailure(reply, context.now());
    const page = readPage(reply);
    if (typeof page === 'string') return { kind: 'broken', message: page };
    records += page.events.length;
    const newest = newestTimestamp(page.events);
    // After a bad cursor, get_events starts again a day before the newest event read.
    const start =
      newest === null
        ? cursor.start
        : new Date(Math.max(Date.parse(cursor.start), newest - 86_400_000)).toISOString();
    const carried: DropboxCursor = { cursor: page.cursor, start: `${start.slice(0, 19)}Z` };
    const text = JSON.stringify(carried);
    if (page.events.length > 0) await context.commitPage(page.events, text, newest);
    else if (text !== JSON.stringify(cursor)) await context.saveCursor(text);
    cursor = carried;
    if (!page.hasMore) return { kind: 'caught-up', pages, records };
  }
  return { kind: 'more', pages, records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  const since = `${new Date(context.now() - 86_400_000).toISOString().slice(0, 19)}Z`;
  let reply;
  try {
    reply = await post(
      '/2/team_log/get_events',
      { limit: 1, time: { start_time: since } },
      context,
    );
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    return { ok: false, message: `Dropbox could not be reached: ${error.message}.` };
  }
  const outcome =
    'failure' in reply
      ? reply.failure
      : reply.status === 200
        ? null
        : dropboxFailure(reply, context.now());
  if (outcome) {
    return { ok: false, message: `${'message' in outcome ? outcome.message : 'Dropbox refused'}.` };
  }
  return { ok: true, message: 'Dropbox answered: the app can read the team log.' };
}

/** The Dropbox team log collector. */
export const dropboxCollector: Collector = { poll, test };
