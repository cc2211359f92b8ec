import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A GitHub organization's audit log (`GET /orgs/{org}/audit-log`), written from GitHub's REST
 * documentation: a bearer token (401 "Bad credentials"), `phrase=created:>=…`, `include`,
 * `order=asc`, `per_page` up to 100, cursors in the Link header (`rel="next"` while there is
 * more, none on the last page), `@timestamp` in epoch ms and `_document_id` on each event, the
 * primary rate limit on every reply and secondary limits as 403 with retry-after. Some events
 * are indexed late: `addLateEvents` adds events timestamped before the newest.
 */

export interface SeenRequest {
  at: number;
  path: string;
  status: number;
}

export interface AuditEvent {
  '@timestamp': number;
  _document_id: string;
  action: string;
  actor: string;
  org: string;
  repo: string;
  created_at: number;
  [key: string]: unknown;
}

export interface GithubAuditSimulator {
  url: string;
  org: string;
  token: string;
  events: AuditEvent[];
  requests: SeenRequest[];
  /** Replies that asked for a wait, and until when (ms). */
  waits: Array<{ at: number; until: number }>;
  addEvents(count: number, ageMs?: number): AuditEvent[];
  /** The next request answers 403 (secondary rate limit) with retry-after `seconds`. */
  secondaryLimitNext(seconds: number): void;
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

const ACTORS = ['maya-okafor', 'dreyes', 'liwei'];

export async function startGithubAuditSimulator(count = 0): Promise<GithubAuditSimulator> {
  const token = `ghp_${randomUUID().replace(/-/g, '')}`;
  const cursors = new Map<string, number>();
  const failures: number[] = [];
  let secondary: number | null = null;
  let clock = Date.now() - 86_400_000;

  const sim: GithubAuditSimulator = {
    url: '',
    org: 'northwind',
    token,
    events: [],
    requests: [],
    waits: [],
    addEvents(n, ageMs) {
      const added: AuditEvent[] = [];
      for (let i = 0; i < n; i += 1) {
        const at =
          ageMs === undefined
            ? (clock = Math.min(Date.now() - 1000, clock + 1000))
            : Date.now() - ageMs + i;
        added.push({
          '@timestamp': at,
          _document_id: randomUUID().replace(/-/g, '').slice(0, 22),
          action: 'repo.download_zip',
          actor: ACTORS[i % ACTORS.length]!,
          org: sim.org,
          repo: `${sim.org}/payments`,
          created_at: at,
        });
      }
      sim.events.push(...added);
      return added;
    },
    secondaryLimitNext(seconds) {
      secondary = seconds;
    },
    failNext(n, status) {
      failures.push(...Array<number>(n).fill(status));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  sim.addEvents(count);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', sim.url);
    const now = Date.now();
    const seen: SeenRequest = { at: now, path: `${url.pathname}${url.search}`, status: 0 };
    sim.requests.push(seen);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      if (headers['retry-after'])
        sim.waits.push({ at: now, until: now + Number(headers['retry-after']) * 1000 });
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '4999',
        'x-ratelimit-reset': String(Math.ceil(now / 1000) + 3600),
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== `/orgs/${sim.org}/audit-log`) return send(404, { message: 'Not Found' });
    if (request.headers.authorization !== `Bearer ${token}`)
      return send(401, { message: 'Bad credentials' });
    if (secondary !== null) {
      const seconds = secondary;
      secondary = null;
      return send(
        403,
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        { 'retry-after': String(seconds) },
      );
    }
    const failure = failures.shift();
    if (failure !== undefined) return send(failure, { message: 'Server Error' });
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
    const after = url.searchParams.get('after');
    let start: number;
    if (after !== null) {
      if (!cursors.has(after)) return send(422, { message: 'Invalid cursor' });
      start = cursors.get(after)!;
    } else {
      const phrase = /created:>=(\S+)/.exec(url.searchParams.get('phrase') ?? '');
      const from = phrase ? Date.parse(phrase[1]!) : 0;
      // The search sees events by their time, in order; late ones land in their place.
      sim.events.sort((a, b) => a['@timestamp'] - b['@timestamp']);
      start = sim.events.findIndex((event) => event['@timestamp'] >= from);
      if (start < 0) start = sim.events.length;
    }
    const page = sim.events.slice(start, start + perPage);
    const headers: Record<string, string> = {};
    if (start + page.length < sim.events.length) {
      const cursor = Buffer.from(randomUUID()).toString('base64url');
      cursors.set(cursor, start + page.length);
      const next = new URLSearchParams({
        per_page: String(perPage),
        after: cursor,
        include: 'all',
        order: 'asc',
      });
      headers.link = `<${sim.url}${url.pathname}?${next}>; rel="next"`;
    }
    return send(200, page, headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sim;
}
