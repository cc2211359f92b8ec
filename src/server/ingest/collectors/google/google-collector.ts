import { googleDefaultApplications } from '../../../../shared/schemas/collection';
import type { Collector, CollectorContext, PollOutcome } from '../collector';
import { checkBaseUrl } from '../outbound-url';
import type { VendorReply } from '../vendor-http';
import { NetworkFailure, vendorRequest } from '../vendor-http';
import { lagOf, reportsApplications } from './google-applications';
import { readServiceAccountKey } from './google-key';
import { reportsFailure } from './google-replies';
import { googleToken } from './google-token';

/*
 * Google Workspace Admin SDK Reports API, `activities.list` for all users, one application at a
 * time. Google answers newest first, so a read covers a whole window [since, end] page by page
 * (`pageToken`), and only once it is read to its last page does the cursor move: to the window's
 * end less the application's lag, so the newest minutes, still filling, are read again next
 * time. Each page is stored with the cursor that points past it; an activity read twice keeps
 * one event (its id holds id.time and id.uniqueQualifier).
 */

const DAY = 86_400_000;
/** Google allows up to 1000 activities a page. */
const PAGE_SIZE = 1000;
/** Gmail's activities take a window of at most 30 days; every application is read so. */
const MAX_WINDOW_MS = 30 * DAY;
const MAX_PAGES = 500;

/** One application's read: where the next window starts, and the window being paged. */
interface ApplicationProgress {
  since: number;
  end?: number;
  next?: string;
}

interface GoogleCursor {
  apps: Record<string, ApplicationProgress>;
}

function readCursor(saved: string | null): GoogleCursor {
  if (saved) {
    try {
      const cursor = JSON.parse(saved) as GoogleCursor;
      if (cursor && typeof cursor.apps === 'object') return cursor;
    } catch {
      // A new cursor: ids keep events once.
    }
  }
  return { apps: {} };
}

function applicationsOf(context: CollectorContext): string[] {
  const named = (context.settings.applications ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return named.length > 0 ? named : [...googleDefaultApplications];
}

function activitiesUrl(context: CollectorContext, application: string, read: ApplicationProgress) {
  const query = new URLSearchParams({
    startTime: new Date(read.since).toISOString(),
    endTime: new Date(read.end!).toISOString(),
    maxResults: String(PAGE_SIZE),
  });
  if (read.next) query.set('pageToken', read.next);
  return `${context.settings.apiUrl}/admin/reports/v1/activity/users/all/applications/${encodeURIComponent(application)}?${query}`;
}

/** A Reports API GET with the bearer token; a refused token (401) is replaced once. */
async function reportsGet(
  context: CollectorContext,
  url: string,
): Promise<{ reply: VendorReply } | { outcome: PollOutcome }> {
  const attempt = async (
    fresh: boolean,
  ): Promise<{ reply: VendorReply } | { outcome: PollOutcome }> => {
    const token = await googleToken(context, fresh);
    if ('outcome' in token) return token;
    try {
      const reply = await vendorRequest(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${token.token}` },
        allowInsecure: context.allowInsecure,
      });
      if (reply.status === 401 && !fresh) return attempt(true);
      return { reply };
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      return { outcome: { kind: 'retry', message: `Google could not be read: ${error.message}` } };
    }
  };
  return attempt(false);
}

/** A page's activities and next page token, or why it cannot be read. */
function pageOf(reply: VendorReply): { items: unknown[]; next: string | null } | string {
  let body: { items?: unknown; nextPageToken?: unknown; kind?: unknown };
  try {
    body = JSON.parse(reply.body) as typeof body;
  } catch {
    return 'Google’s reply was not JSON; check the API URL';
  }
  if (body?.kind !== undefined && body.kind !== 'admin#reports#activities') {
    return 'Google’s reply was not a page of activities; check the API URL';
  }
  if (body.items !== undefined && !Array.isArray(body.items)) {
    return 'Google’s reply had items that are not a list';
  }
  return {
    items: (body.items as unknown[] | undefined) ?? [],
    next: typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : null,
  };
}

function newestTime(items: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const item of items) {
    const stamp = (item as { id?: { time?: unknown } } | null)?.id?.time;
    const time = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    if (Number.isFinite(time) && (newest === null || time > newest)) newest = time;
  }
  return newest;
}

async function poll(context: CollectorContext): Promise<PollOutcome> {
  const cursor = readCursor(context.cursor);
  let pages = 0;
  let records = 0;
  for (const application of applicationsOf(context)) {
    const read = (cursor.apps[application] ??= {
      since: context.now() - context.backfillDays * DAY,
    });
    let restarted = false;
    for (;;) {
      if (context.stopping() || pages >= MAX_PAGES) return { kind: 'more', pages, records };
      const now = context.now();
      if (read.end === undefined) {
        read.end = Math.min(now, read.since + MAX_WINDOW_MS);
        delete read.next;
      }
      const answer = await reportsGet(context, activitiesUrl(context, application, read));
      if ('outcome' in answer) return answer.outcome;
      if (answer.reply.status === 400 && read.next && !restarted) {
        // A page token Google no longer takes: read the window again from its newest page.
        restarted = true;
        delete read.next;
        continue;
      }
      // Google's wait (Retry-After) runs from its answer, not from when the request was sent.
      if (answer.reply.status !== 200) return reportsFailure(answer.reply, context.now());
      const page = pageOf(answer.reply);
      if (typeof page === 'string') return { kind: 'broken', message: page };
      pages += 1;
      records += page.items.length;
      const end = read.end;
      // The newest window reaches the time it was opened; an older one is 30 days long.
      const newest = end < read.since + MAX_WINDOW_MS;
      if (page.next) {
        read.next = page.next;
      } else {
        // Read whole: close the window only as far as its lag allows.
        read.since = Math.max(read.since, Math.min(end, now - lagOf(application)));
        delete read.end;
        delete read.next;
      }
      if (page.items.length > 0) {
        await context.commitPage(page.items, JSON.stringify(cursor), newestTime(page.items));
      } else {
        await context.saveCursor(JSON.stringify(cursor));
      }
      if (!page.next && newest) break;
    }
  }
  return { kind: 'caught-up', pages, records };
}

async function test(context: CollectorContext): Promise<{ ok: boolean; message: string }> {
  const now = context.now();
  const query = new URLSearchParams({
    startTime: new Date(now - DAY).toISOString(),
    endTime: new Date(now).toISOString(),
    maxResults: '1',
  });
  const answer = await reportsGet(
    context,
    `${context.settings.apiUrl}/admin/reports/v1/activity/users/all/applications/login?${query}`,
  );
  const sentence = (outcome: PollOutcome) =>
    `${'message' in outcome ? outcome.message : 'Google refused'}.`;
  if ('outcome' in answer) return { ok: false, message: sentence(answer.outcome) };
  if (answer.reply.status !== 200) {
    return { ok: false, message: sentence(reportsFailure(answer.reply, context.now())) };
  }
  return {
    ok: true,
    message:
      'Google answered: the service account, acting as the admin, can read the audit reports.',
  };
}

/** The key file, the admin's email and the applications, checked before they are stored. */
function checkSettings(settings: Readonly<Record<string, string>>, allowInsecure: boolean) {
  const key = readServiceAccountKey(settings.serviceAccountKey ?? '');
  if (typeof key === 'string') return { field: 'serviceAccountKey', problem: key };
  const tokenUri = checkBaseUrl(key.tokenUri, allowInsecure);
  if ('problem' in tokenUri) {
    return { field: 'serviceAccountKey', problem: `has a token_uri that ${tokenUri.problem}` };
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.adminEmail ?? '')) {
    return {
      field: 'adminEmail',
      problem: 'must be the email address of a Google Workspace admin.',
    };
  }
  const named = (settings.applications ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (named.some((name) => !reportsApplications.includes(name))) {
    return {
      field: 'applications',
      problem: `takes Reports API application names separated by commas, such as ${googleDefaultApplications.join(', ')}.`,
    };
  }
  return null;
}

/** The Google Workspace Reports API collector. */
export const googleWorkspaceCollector: Collector = { poll, test, checkSettings };
