import { m365ContentTypes } from '../../../../shared/schemas/collection';
import type { Collector, CollectorContext, PollOutcome } from '../collector';
import { header } from '../vendor-http';
import type { ContentTypeProgress, M365Cursor } from './m365-cursor';
import { blobKey, moveStart, readM365Cursor } from './m365-cursor';
import { m365Error, m365Failure } from './m365-replies';
import { m365Request } from './m365-session';

/*
 * Microsoft 365 Management Activity API, polled as Microsoft documents it: a subscription
 * started per content type (`subscriptions/start`), then `subscriptions/content` listed in
 * windows of at most 24 hours within the last 7 days, by when content was published (not when
 * its events happened), following `NextPageUri` to the end, and each blob fetched by its
 * `contentUri`. Each blob's records are stored with the cursor that remembers the blob.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The API lists content published in the last 7 days; a minute's margin for the clocks. */
const OLDEST_MS = 7 * DAY - 60_000;
/** Listings go back this far behind the newest one: content can be listed late. */
export const TRAILING_WINDOW_MS = HOUR;
/** Blobs fetched in one poll at most; the next poll goes on from the cursor. */
const MAX_BLOBS = 2000;

/** The API's datetime format (UTC, to the second). */
function apiTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function feedUrl(context: CollectorContext, operation: string): string {
  const { apiUrl, tenantId } = context.settings;
  return `${apiUrl}/api/v1.0/${encodeURIComponent(tenantId!)}/activity/feed/${operation}`;
}

/** The content types to collect (all five unless the settings narrow them). */
function contentTypesOf(context: CollectorContext): string[] {
  const listed = (context.settings.contentTypes ?? '').split(',').map((name) => name.trim());
  const chosen = listed.filter((name) => name !== '');
  return chosen.length > 0 ? chosen : [...m365ContentTypes];
}

/** Audit records' CreationTime has no zone and is UTC. */
function newestCreation(records: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const record of records) {
    const stamp = (record as { CreationTime?: unknown } | null)?.CreationTime;
    if (typeof stamp !== 'string') continue;
    const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(stamp) ? stamp : `${stamp}Z`);
    if (Number.isFinite(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

interface Blob {
  contentId: string;
  contentUri: string;
  created: number;
}

/** A listing page's blobs, or a sentence saying why it cannot be read. */
function blobsOf(body: string, origin: string, fallback: number): Blob[] | string {
  let list: unknown;
  try {
    list = JSON.parse(body);
  } catch {
    return 'Microsoft 365’s content listing was not JSON; check the API URL';
  }
  if (!Array.isArray(list)) return 'Microsoft 365’s content listing was not a list';
  const blobs: Blob[] = [];
  for (const item of list as Array<Record<string, unknown>>) {
    if (typeof item?.contentId !== 'string' || typeof item.contentUri !== 'string') {
      return 'Microsoft 365 listed content without a contentId or contentUri';
    }
    let uri: URL;
    try {
      uri = new URL(item.contentUri);
    } catch {
      return 'Microsoft 365 listed a contentUri that is not a URL';
    }
    if (uri.origin !== origin) {
      return `Microsoft 365 listed content at ${uri.origin}, not at ${origin}; Vigil does not fetch it`;
    }
    const created = typeof item.contentCreated === 'string' ? Date.parse(item.contentCreated) : NaN;
    blobs.push({
      contentId: item.contentId,
      contentUri: uri.href,
      created: Number.isFinite(created) ? created : fallback,
    });
  }
  return blobs;
}

/** Starts the subscription of a content type; one already enabled is fine (AF20024). */
async function subscribe(context: CollectorContext, type: string): Promise<PollOutcome | null> {
  const url = `${feedUrl(context, 'subscriptions/start')}?contentType=${encodeURIComponent(type)}`;
  const answer = await m365Request(context, url, 'POST');
  if ('outcome' in answer) return answer.outcome;
  if (answer.reply.status === 200) return null;
  if (m365Error(answer.reply).code === 'AF20024') return null;
  return m365Failure(answer.reply, context.now());
}

/** Counts of one poll, and how it stands. */
interface Tally {
  pages: number;
  records: number;
  blobs: number;
}

/**
 * Lists one window of a content type to the end and stores every blob not stored before.
 * Returns how the poll ends early, or null when the window was read whole.
 */
async function readWindow(
  context: CollectorContext,
  cursor: M365Cursor,
  type: string,
  progress: ContentTypeProgress,
  window: { start: number; end: number },
  tally: Tally,
): Promise<PollOutcome | null> {
  const origin = new URL(context.settings.apiUrl!).origin;
  const query = new URLSearchParams({
    contentType: type,
    startTime: apiTime(window.start),
    endTime: apiTime(window.end),
  });
  let url: string | null = `${feedUrl(context, 'subscriptions/content')}?${query}`;
  while (url !== null) {
    const listing = await m365Request(context, url);
    if ('outcome' in listing) return listing.outcome;
    if (listing.reply.status !== 200) {
      if (m365Error(listing.reply).code === 'AF20022') {
        // No subscription (stopped by someone): start it again at the next poll.
        progress.subscribed = false;
        await context.saveCursor(JSON.stringify(cursor));
        return { kind: 'more', pages: tally.pages, records: tally.records };
      }
      return m365Failure(listing.reply, context.now());
    }
    const blobs = blobsOf(listing.reply.body, origin, window.end);
    if (typeof blobs === 'string') return { kind: 'broken', message: blobs };
    for (const blob of blobs) {
      const key = blobKey(blob.contentId);
      if (progress.seen[key] !== undefined) continue;
      if (context.stopping() || tally.blobs >= MAX_BLOBS) {
        return { kind: 'more', pages: tally.pages, records: tally.records };
      }
      const fetched = await m365Request(context, blob.contentUri);
      if ('outcome' in fetched) return fetched.outcome;
      const { reply } = fetched;
      const code = m365Error(reply).code;
      let records: unknown[] = [];
      if (reply.status === 200) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(reply.body);
        } catch {
          parsed = null;
        }
        if (!Array.isArray(parsed)) {
          return {
            kind: 'broken',
            message: 'Microsoft 365’s content blob was not a list of records',
          };
        }
        records = parsed;
      } else if (code !== 'AF20050' && code !== 'AF20051') {
        return m365Failure(reply, context.now());
      }
      // A blob gone or expired (AF20050, AF20051) has nothing left to read: it is passed.
      progress.seen[key] = blob.created;
      tally.blobs += 1;
      tally.pages += 1;
      tally.records += records.length;
      if (records.length > 0) {
        await context.commitPage(records, JSON.stringify(cursor), newestCreation(records));
      } else {
        await context.saveCursor(JSON.stringify(cursor));
      }
    }
    const next = header(listing.reply, 'NextPageUri') ?? null;
    if (next !== null && new URL(next, url).origin !== origin) {
      return {
        kind: 'broken',
        message: `Microsoft 365’s NextPageUri leaves ${origin}; Vigil does not follow it`,
      };
    }
    url = next === null ? null : new URL(next, url).href;
  }
  return null;
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  const cursor = readM365Cursor(context.cursor);
  const tally: Tally = { pages: 0, records: 0, blobs: 0 };
  for (const type of contentTypesOf(context)) {
    const firstStart = context.now() - Math.min(context.backfillDays * DAY, OLDEST_MS);
    const progress = (cursor.types[type] ??= { subscribed: false, start: firstStart, seen: {} });
    if (!progress.subscribed) {
      const refused = await subscribe(context, type);
      if (refused) return refused;
      progress.subscribed = true;
      await context.saveCursor(JSON.stringify(cursor));
    }
    for (;;) {
      if (context.stopping()) return { kind: 'more', pages: tally.pages, records: tally.records };
      const now = Math.floor(context.now() / 1000) * 1000;
      // Content older than the API keeps is gone: the listing starts where the API allows.
      moveStart(progress, now - OLDEST_MS);
      const start = Math.floor(progress.start / 1000) * 1000;
      const end = Math.min(start + DAY, now);
      if (end <= start) break;
      const before = JSON.stringify(progress);
      const stopped = await readWindow(context, cursor, type, progress, { start, end }, tally);
      if (stopped) return stopped;
      // A window read whole moves the start to its end, less the trailing window at the newest.
      moveStart(progress, end < now ? end : end - TRAILING_WINDOW_MS);
      if (JSON.stringify(progress) !== before) await context.saveCursor(JSON.stringify(cursor));
      if (end >= now) break;
    }
  }
  return { kind: 'caught-up', pages: tally.pages, records: tally.records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  const answer = await m365Request(context, feedUrl(context, 'subscriptions/list'));
  if ('outcome' in answer) {
    const { outcome } = answer;
    return { ok: false, message: `${'message' in outcome ? outcome.message : 'Refused'}.` };
  }
  if (answer.reply.status !== 200) {
    const outcome = m365Failure(answer.reply, context.now());
    return { ok: false, message: `${'message' in outcome ? outcome.message : 'Refused'}.` };
  }
  let enabled: number;
  try {
    const list = JSON.parse(answer.reply.body) as Array<{ status?: unknown }>;
    enabled = Array.isArray(list) ? list.filter((item) => item?.status === 'enabled').length : 0;
  } catch {
    return { ok: false, message: 'Microsoft 365’s reply was not JSON; check the API URL.' };
  }
  return {
    ok: true,
    message: `Microsoft 365 answered: the app can read the activity feed (${enabled} of its subscriptions enabled; Vigil starts the missing ones when it polls).`,
  };
}

/** What the generic checks cannot see: the tenant ID is a GUID, content types are known ones. */
function checkSettings(settings: Readonly<Record<string, string>>) {
  if (
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(settings.tenantId ?? '')
  ) {
    return {
      field: 'tenantId',
      problem:
        'must be the tenant’s directory ID, a GUID such as 41463f53-8812-40f4-890f-865bf6e35190.',
    };
  }
  const known: readonly string[] = m365ContentTypes;
  const types = (settings.contentTypes ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (types.some((name) => !known.includes(name))) {
    return {
      field: 'contentTypes',
      problem: `takes content types among ${m365ContentTypes.join(', ')}, separated by commas.`,
    };
  }
  return null;
}

/** The Microsoft 365 Management Activity API collector. */
export const m365Collector: Collector = { poll, test, checkSettings };
