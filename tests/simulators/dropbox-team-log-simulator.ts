import { randomUUID } from 'node:crypto';

import type { SimulatorKit } from './simulator-kit';
import { startSimulatorServer } from './simulator-kit';

/*
 * Dropbox's team log, written from Dropbox's API reference: short-lived tokens from
 * `POST /oauth2/token` with the refresh-token grant (a bad refresh token is 400 invalid_grant);
 * an expired access token is 401 `{error: {".tag": "expired_access_token"}}`;
 * `POST /2/team_log/get_events` with `{limit, time: {start_time}}`, then
 * `POST /2/team_log/get_events/continue` with `{cursor}`; each answers
 * `{events, cursor, has_more}`, and a cursor from a page without more can be followed later
 * for new events. Events may arrive late (an older timestamp, logged now) and a page may be
 * empty yet have more. A cursor may be reset: 409 `{error: {".tag": "reset", reset: <timestamp>}}`,
 * and get_events starts again from that timestamp; a cursor it never issued is 409 bad_cursor.
 * 429 carries Retry-After. Faults on demand: 5xx, a reset mid-body.
 */

/** A team event as the Dropbox parser reads it (no id: the parser keeps a digest). */
export interface DropboxEvent {
  timestamp: string;
  event_category: { '.tag': string };
  actor: { '.tag': 'user'; user: Record<string, unknown> };
  origin: Record<string, unknown>;
  involve_non_team_member: boolean;
  context: Record<string, unknown>;
  assets: Array<Record<string, unknown>>;
  event_type: { '.tag': string; description: string };
  details: { '.tag': string };
}

export interface DropboxTeamLogSimulator extends SimulatorKit {
  appKey: string;
  appSecret: string;
  refreshToken: string;
  /** The log in the order Dropbox logged it (late events at the end with old timestamps). */
  events: DropboxEvent[];
  /** Adds events logged now, timestamped up to `ageMs` ago (in order, unless late). */
  addEvents(count: number, options?: { ageMs?: number }): DropboxEvent[];
  /** Every cursor issued so far is reset: continue answers 409 reset naming `timestamp`. */
  resetCursors(timestamp: string): void;
  /** The next continue answers an empty page that has more. */
  emptyPageNext(): void;
  /** Every access token issued so far expires now. */
  expireTokens(): void;
  throttleNext(seconds: number): void;
  /** The next token request is answered 429 with Retry-After `seconds`, `delayMs` after it came. */
  throttleTokenNext(seconds: number, delayMs: number): void;
  pageSize: number;
  tokensIssued: number;
}

const PEOPLE = ['maya.okafor', 'daniel.reyes', 'li.wei'];
const TYPES = [
  ['file_download', 'file_operations', 'Downloaded files and/or folders'],
  ['shared_link_create', 'sharing', 'Created shared link'],
  ['login_success', 'logins', 'Signed in'],
  ['file_preview', 'file_operations', 'Previewed files and/or folders'],
] as const;

/** Dropbox timestamps are UTC to the second. */
const stamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export async function startDropboxTeamLogSimulator(count = 0): Promise<DropboxTeamLogSimulator> {
  const tokens = new Map<string, number>();
  const cursors = new Map<string, { position: number; start: number }>();
  const resets = new Map<string, string>();
  let throttle: number | null = null;
  let tokenThrottle: { seconds: number; delayMs: number } | null = null;
  let emptyNext = false;
  let clock = Date.now() - 86_400_000;

  const issue = (position: number, start: number) => {
    const cursor = `AAA${randomUUID().replace(/-/g, '')}`;
    cursors.set(cursor, { position, start });
    return cursor;
  };
  /** From `position` in the log, the events at or after `start`, a page of them. */
  const page = (position: number, start: number, limit: number) => {
    const events: DropboxEvent[] = [];
    let at = position;
    while (at < sim.events.length && events.length < limit) {
      const event = sim.events[at]!;
      if (Date.parse(event.timestamp) >= start) events.push(event);
      at += 1;
    }
    return { events, cursor: issue(at, start), has_more: at < sim.events.length };
  };

  const kit = await startSimulatorServer(
    ({ url, method, headers, body, send, takeFailure, now }) => {
      if (url.pathname === '/oauth2/token' && method === 'POST') {
        if (tokenThrottle !== null) {
          const { seconds, delayMs } = tokenThrottle;
          tokenThrottle = null;
          const refuse = () =>
            send(429, { error: 'too_many_requests' }, { 'retry-after': String(seconds) });
          setTimeout(refuse, delayMs);
          return;
        }
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== sim.appKey || form.get('client_secret') !== sim.appSecret) {
          return send(400, { error: 'invalid_client: Invalid client_id or client_secret' });
        }
        if (
          form.get('grant_type') !== 'refresh_token' ||
          form.get('refresh_token') !== sim.refreshToken
        ) {
          return send(400, {
            error: 'invalid_grant',
            error_description: 'refresh token is invalid or revoked',
          });
        }
        const token = `sl.${randomUUID().replace(/-/g, '')}`;
        tokens.set(token, now + 14_400_000);
        sim.tokensIssued += 1;
        return send(200, { access_token: token, token_type: 'bearer', expires_in: 14_400 });
      }
      const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) {
        return send(401, {
          error_summary: 'invalid_access_token/...',
          error: { '.tag': 'invalid_access_token' },
        });
      }
      if (tokens.get(bearer)! <= now) {
        return send(401, {
          error_summary: 'expired_access_token/...',
          error: { '.tag': 'expired_access_token' },
        });
      }
      if (throttle !== null) {
        const seconds = throttle;
        throttle = null;
        return send(
          429,
          {
            error_summary: 'too_many_requests/...',
            error: { reason: { '.tag': 'too_many_requests' }, retry_after: seconds },
          },
          { 'retry-after': String(seconds) },
        );
      }
      const failure = takeFailure();
      if (failure !== null) return send(failure, 'Internal Server Error');
      let request: { limit?: number; time?: { start_time?: string }; cursor?: string };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        return send(
          400,
          'Error in call to API function "team_log/get_events": request body: could not decode input as JSON',
        );
      }
      const limit = Math.min(request.limit ?? 1000, sim.pageSize);
      if (url.pathname === '/2/team_log/get_events') {
        const start = Date.parse(request.time?.start_time ?? '1970-01-01T00:00:00Z');
        // get_events reads in time order; the cursor then follows the log as it grows.
        const first = sim.events.findIndex((event) => Date.parse(event.timestamp) >= start);
        return send(200, page(first < 0 ? sim.events.length : first, start, limit));
      }
      if (url.pathname === '/2/team_log/get_events/continue') {
        const reset = resets.get(request.cursor ?? '');
        if (reset)
          return send(409, { error_summary: 'reset/..', error: { '.tag': 'reset', reset } });
        const issued = cursors.get(request.cursor ?? '');
        if (!issued)
          return send(409, { error_summary: 'bad_cursor/..', error: { '.tag': 'bad_cursor' } });
        if (emptyNext) {
          emptyNext = false;
          return send(200, {
            events: [],
            cursor: issue(issued.position, issued.start),
            has_more: true,
          });
        }
        return send(200, page(issued.position, issued.start, limit));
      }
      return send(400, `Unknown API function: "${url.pathname}"`);
    },
  );

  const sim: DropboxTeamLogSimulator = Object.assign(kit, {
    appKey: `key${randomUUID().slice(0, 8)}`,
    appSecret: `secret${randomUUID().slice(0, 8)}`,
    refreshToken: `rt${randomUUID().replace(/-/g, '')}`,
    events: [] as DropboxEvent[],
    pageSize: 1000,
    tokensIssued: 0,
    addEvents(n: number, options: { ageMs?: number } = {}) {
      const added: DropboxEvent[] = [];
      for (let i = 0; i < n; i += 1) {
        const at =
          options.ageMs === undefined
            ? (clock = Math.min(Date.now() - 1000, clock + 1000))
            : Date.now() - options.ageMs + i * 1000;
        const person = PEOPLE[i % PEOPLE.length]!;
        const [tag, category, description] = TYPES[i % TYPES.length]!;
        const name = `report-${randomUUID().slice(0, 8)}.xlsx`;
        added.push({
          timestamp: stamp(at),
          event_category: { '.tag': category },
          actor: {
            '.tag': 'user',
            user: {
              '.tag': 'team_member',
              account_id: `dbid:AA${i % 3}`,
              display_name: person,
              email: `${person}@northwind.example`,
              team_member_id: `dbmid:AA${i % 3}`,
            },
          },
          origin: {
            geo_location: {
              city: 'Lisbon',
              region: 'Lisboa',
              country: 'PT',
              ip_address: '203.0.113.40',
            },
            access_method: {
              '.tag': 'end_user',
              end_user: { '.tag': 'web', session_id: 'dbwsid:1' },
            },
          },
          involve_non_team_member: false,
          context: { '.tag': 'team_member', email: `${person}@northwind.example` },
          assets: [
            {
              '.tag': 'file',
              path: { contextual: `/Finance/${name}` },
              display_name: name,
              file_id: `id:${randomUUID()}`,
            },
          ],
          event_type: { '.tag': tag, description },
          details: { '.tag': `${tag}_details` },
        });
      }
      sim.events.push(...added);
      return added;
    },
    resetCursors(timestamp: string) {
      for (const cursor of cursors.keys()) resets.set(cursor, timestamp);
      cursors.clear();
    },
    emptyPageNext() {
      emptyNext = true;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    throttleTokenNext(seconds: number, delayMs: number) {
      tokenThrottle = { seconds, delayMs };
    },
    throttleNext(seconds: number) {
      throttle = seconds;
    },
  });
  sim.addEvents(count);
  return sim;
}
