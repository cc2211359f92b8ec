import { randomUUID } from 'node:crypto';

import type { SimulatorKit } from './simulator-kit';
import { startSimulatorServer } from './simulator-kit';

/*
 * Slack's Audit Logs API (`GET /audit/v1/logs`), written from Slack's reference: a user token
 * (`Bearer xoxp-…`, else 401 `{ok: false, error: "invalid_auth"}`), `oldest` and `latest` in
 * epoch seconds, both inclusive, entries newest first, `limit`, and `cursor` from
 * `response_metadata.next_cursor` (empty on the last page; a cursor Slack did not issue, or
 * one that lapsed, is 400 `invalid_cursor`). Entries share seconds: several of one
 * `date_create` fall across page boundaries. The rate limit is the organization's: 429
 * `ratelimited` with Retry-After. Faults on demand: late entries (an older `date_create`
 * stored now), an entry served twice, 5xx, a connection reset mid-body.
 */

/** An audit log entry as the Slack parser reads it. */
export interface SlackEntry {
  id: string;
  date_create: number;
  action: string;
  actor: { type: 'user'; user: { id: string; name: string; email: string; team: string } };
  entity: Record<string, unknown>;
  context: Record<string, unknown>;
}

export interface SlackAuditSimulator extends SimulatorKit {
  token: string;
  /** Every entry Slack holds (a duplicate appears twice, with one id). */
  entries: SlackEntry[];
  /** Adds entries, `perSecond` of them on each second from the last one on (or at `second`). */
  addEntries(count: number, options?: { perSecond?: number; second?: number }): SlackEntry[];
  /** Serves an entry already held a second time (one id, two rows). */
  duplicate(entry: SlackEntry): void;
  /** The next request answers 429 ratelimited with Retry-After `seconds`. */
  throttleNext(seconds: number): void;
  /** Every cursor issued so far lapses (invalid_cursor). */
  expireCursors(): void;
  /** Page size cap, whatever `limit` asks. */
  pageSize: number;
}

const PEOPLE = ['maya.okafor', 'daniel.reyes', 'li.wei'];
const ACTIONS = ['file_downloaded', 'user_login', 'file_shared', 'file_public_link_created'];

/** Newest first; one second's entries in a fixed order (by id), as a keyset cursor needs. */
function newestFirst(a: SlackEntry, b: SlackEntry): number {
  return b.date_create - a.date_create || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export async function startSlackAuditSimulator(count = 0): Promise<SlackAuditSimulator> {
  const token = `xoxp-${randomUUID().replace(/-/g, '')}`;
  const cursors = new Map<string, { key: [number, string]; oldest: number; latest: number }>();
  let throttle: number | null = null;
  let last = 0;

  const kit = await startSimulatorServer(({ url, headers, send, takeFailure, now }) => {
    if (url.pathname !== '/audit/v1/logs') return send(404, { ok: false, error: 'unknown_method' });
    if (headers.authorization !== `Bearer ${token}`) {
      return send(401, { ok: false, error: 'invalid_auth' });
    }
    if (throttle !== null) {
      const seconds = throttle;
      throttle = null;
      return send(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(seconds) });
    }
    const failure = takeFailure();
    if (failure !== null) return send(failure, { ok: false, error: 'fatal_error' });
    const given = url.searchParams.get('cursor');
    let oldest = Number(url.searchParams.get('oldest') ?? 0);
    let latest = Number(url.searchParams.get('latest') ?? Math.floor(now / 1000));
    let after: [number, string] | null = null;
    if (given) {
      const issued = cursors.get(given);
      if (!issued) return send(400, { ok: false, error: 'invalid_cursor' });
      ({ oldest, latest } = issued);
      after = issued.key;
    }
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), sim.pageSize);
    const matching = sim.entries
      .filter((entry) => entry.date_create >= oldest && entry.date_create <= latest)
      .sort(newestFirst)
      .filter(
        (entry) =>
          after === null ||
          entry.date_create < after[0] ||
          (entry.date_create === after[0] && entry.id > after[1]),
      );
    const page = matching.slice(0, limit);
    let next = '';
    if (matching.length > limit) {
      const end = page[page.length - 1]!;
      next = Buffer.from(randomUUID()).toString('base64url');
      cursors.set(next, { key: [end.date_create, end.id], oldest, latest });
    }
    return send(200, { ok: true, entries: page, response_metadata: { next_cursor: next } });
  });

  const sim: SlackAuditSimulator = Object.assign(kit, {
    token,
    entries: [] as SlackEntry[],
    pageSize: 1000,
    addEntries(n: number, options: { perSecond?: number; second?: number } = {}) {
      const perSecond = options.perSecond ?? 3;
      const added: SlackEntry[] = [];
      // New entries end near now: they start as many seconds back as they need.
      last = Math.max(last, Math.floor(Date.now() / 1000) - Math.ceil(n / perSecond) - 1);
      for (let i = 0; i < n; i += 1) {
        let second = options.second;
        if (second === undefined) {
          if (i % perSecond === 0) last = Math.min(Math.floor(Date.now() / 1000), last + 1);
          second = last;
        }
        const person = PEOPLE[i % PEOPLE.length]!;
        added.push({
          id: randomUUID(),
          date_create: second,
          action: ACTIONS[i % ACTIONS.length]!,
          actor: {
            type: 'user',
            user: {
              id: `W${100 + (i % PEOPLE.length)}`,
              name: person,
              email: `${person}@northwind.example`,
              team: 'T0NORTHWIND',
            },
          },
          entity: {
            type: 'file',
            file: { id: `F${randomUUID().slice(0, 8)}`, name: 'roadmap.pdf', filetype: 'pdf' },
          },
          context: {
            location: {
              type: 'enterprise',
              id: 'E0NORTHWIND',
              name: 'Northwind',
              domain: 'northwind',
            },
            ua: 'Mozilla/5.0',
            ip_address: '203.0.113.7',
          },
        });
      }
      sim.entries.push(...added);
      return added;
    },
    duplicate(entry: SlackEntry) {
      sim.entries.push({ ...entry });
    },
    throttleNext(seconds: number) {
      throttle = seconds;
    },
    expireCursors() {
      cursors.clear();
    },
  });
  sim.addEntries(count);
  return sim;
}
