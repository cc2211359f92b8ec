import { randomUUID } from 'node:crypto';

import type { SimulatorKit } from './simulator-kit';
import { startSimulatorServer } from './simulator-kit';

/*
 * Box's enterprise events, written from Box's developer documentation: tokens from
 * `POST /oauth2/token` with the client-credentials grant for an enterprise
 * (box_subject_type=enterprise, box_subject_id; a wrong client is 400 invalid_client, a wrong
 * enterprise 400 invalid_grant), an expired token answered 401; `GET /2.0/events` with
 * `stream_type=admin_logs_streaming` (events in the order Box processed them, not by time, at
 * least once: some come twice; `stream_position=now` or `0`; two weeks kept) or
 * `stream_type=admin_logs` (by `created_at`, `created_after`/`created_before`, paged by
 * `stream_position`), `limit` up to 500, `{chunk_size, next_stream_position, entries}`;
 * 429 with Retry-After. Faults on demand: 5xx, a reset mid-body, tokens expiring.
 */

/** A Box enterprise event as the Box parser reads it. */
export interface BoxEvent {
  type: 'event';
  event_id: string;
  event_type: string;
  created_at: string;
  created_by: { type: 'user'; id: string; name: string; login: string };
  ip_address: string;
  source: Record<string, unknown>;
  additional_details: Record<string, unknown> | null;
}

export interface BoxEventsSimulator extends SimulatorKit {
  clientId: string;
  clientSecret: string;
  enterpriseId: string;
  /** Each event once (what must end up stored). */
  events: BoxEvent[];
  /** The admin_logs_streaming stream, in processing order (duplicates appear twice). */
  stream: BoxEvent[];
  /**
   * Adds events created `ageMs` ago or less (out of time order), processed now; with
   * `duplicates`, some come twice in the stream.
   */
  addEvents(count: number, options?: { ageMs?: number; duplicates?: boolean }): BoxEvent[];
  /** Every token issued so far expires now (the next API request with one is 401). */
  expireTokens(): void;
  /** The next API request answers 429 with Retry-After `seconds`. */
  throttleNext(seconds: number): void;
  pageSize: number;
  /** Tokens issued. */
  tokensIssued: number;
}

const PEOPLE = ['maya.okafor', 'daniel.reyes', 'li.wei'];
const TYPES = ['DOWNLOAD', 'PREVIEW', 'SHARE', 'UPLOAD', 'LOGIN'];
/** Stream positions are large opaque numbers in Box; here the index plus an offset. */
const POSITION_BASE = BigInt('1152922976252290000');

/** Box writes times with the enterprise's offset, e.g. 2024-05-01T09:30:00-07:00. */
function boxTime(ms: number): string {
  return `${new Date(ms - 7 * 3_600_000).toISOString().slice(0, 19)}-07:00`;
}

export async function startBoxEventsSimulator(count = 0): Promise<BoxEventsSimulator> {
  const tokens = new Map<string, number>();
  let throttle: number | null = null;

  const kit = await startSimulatorServer(
    ({ url, method, headers, body, send, takeFailure, now }) => {
      if (url.pathname === '/oauth2/token' && method === 'POST') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'client_credentials') {
          return send(400, {
            error: 'unsupported_grant_type',
            error_description: 'Invalid grant_type parameter or parameter missing',
          });
        }
        if (
          form.get('client_id') !== sim.clientId ||
          form.get('client_secret') !== sim.clientSecret
        ) {
          return send(400, {
            error: 'invalid_client',
            error_description: 'The client credentials are invalid',
          });
        }
        if (
          form.get('box_subject_type') !== 'enterprise' ||
          form.get('box_subject_id') !== sim.enterpriseId
        ) {
          return send(400, {
            error: 'invalid_grant',
            error_description: 'Grant credentials are invalid',
          });
        }
        const token = randomUUID().replace(/-/g, '');
        tokens.set(token, now + 3600_000);
        sim.tokensIssued += 1;
        return send(200, {
          access_token: token,
          expires_in: 3600,
          token_type: 'bearer',
          restricted_to: [],
        });
      }
      if (url.pathname !== '/2.0/events') {
        return send(404, { type: 'error', status: 404, code: 'not_found', message: 'Not Found' });
      }
      const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      if (!bearer || (tokens.get(bearer) ?? 0) <= now) {
        return send(401, '', {
          'www-authenticate':
            'Bearer realm="Service", error="invalid_token", error_description="The access token provided is invalid."',
        });
      }
      if (throttle !== null) {
        const seconds = throttle;
        throttle = null;
        return send(
          429,
          {
            type: 'error',
            status: 429,
            code: 'rate_limit_exceeded',
            message: 'Request rate limit exceeded, please try again later',
          },
          { 'retry-after': String(seconds) },
        );
      }
      const failure = takeFailure();
      if (failure !== null) {
        return send(failure, {
          type: 'error',
          status: failure,
          code: 'internal_server_error',
          message: 'Internal Server Error',
        });
      }
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 500, sim.pageSize);
      const type = url.searchParams.get('stream_type');
      const position = url.searchParams.get('stream_position') ?? '0';
      if (type === 'admin_logs_streaming') {
        if (url.searchParams.has('created_after') || url.searchParams.has('created_before')) {
          return send(400, {
            type: 'error',
            status: 400,
            code: 'bad_request',
            message: 'created_after and created_before are not supported for admin_logs_streaming',
          });
        }
        const start =
          position === 'now'
            ? sim.stream.length
            : position === '0'
              ? 0
              : Number(BigInt(position) - POSITION_BASE);
        const entries = sim.stream.slice(start, start + limit);
        return send(200, {
          chunk_size: entries.length,
          next_stream_position: String(POSITION_BASE + BigInt(start + entries.length)),
          entries,
        });
      }
      if (type === 'admin_logs') {
        const after = Date.parse(url.searchParams.get('created_after') ?? '1970-01-01T00:00:00Z');
        const before = Date.parse(url.searchParams.get('created_before') ?? '2999-01-01T00:00:00Z');
        const chosen = sim.events
          .filter((event) => {
            const at = Date.parse(event.created_at);
            return at >= after && at <= before;
          })
          .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
        const start = position === '0' ? 0 : Number(position);
        const entries = chosen.slice(start, start + limit);
        return send(200, {
          chunk_size: entries.length,
          next_stream_position: String(start + entries.length),
          entries,
        });
      }
      return send(400, {
        type: 'error',
        status: 400,
        code: 'bad_request',
        message: 'Invalid stream_type',
      });
    },
  );

  const sim: BoxEventsSimulator = Object.assign(kit, {
    clientId: `client${randomUUID().slice(0, 8)}`,
    clientSecret: `secret${randomUUID().replace(/-/g, '')}`,
    enterpriseId: '4711',
    events: [] as BoxEvent[],
    stream: [] as BoxEvent[],
    pageSize: 500,
    tokensIssued: 0,
    addEvents(n: number, options: { ageMs?: number; duplicates?: boolean } = {}) {
      const age = options.ageMs ?? 60_000;
      const added: BoxEvent[] = [];
      for (let i = 0; i < n; i += 1) {
        const person = PEOPLE[i % PEOPLE.length]!;
        added.push({
          type: 'event',
          event_id: randomUUID(),
          event_type: TYPES[i % TYPES.length]!,
          // Processed in this order, created up to `age` earlier: out of time order.
          created_at: boxTime(Date.now() - Math.floor(Math.random() * age)),
          created_by: {
            type: 'user',
            id: String(1000 + (i % 3)),
            name: person,
            login: `${person}@northwind.example`,
          },
          ip_address: '203.0.113.21',
          source: {
            item_type: 'file',
            item_id: String(900_000 + sim.events.length + i),
            item_name: 'payroll.xlsx',
            parent: { type: 'folder', name: 'Finance', id: '42' },
          },
          additional_details: { size: 20_480 },
        });
      }
      sim.events.push(...added);
      for (const event of added) {
        sim.stream.push(event);
        if (options.duplicates && Math.random() < 0.2) sim.stream.push({ ...event });
      }
      return added;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    throttleNext(seconds: number) {
      throttle = seconds;
    },
  });
  if (count > 0) sim.addEvents(count, { ageMs: 3 * 86_400_000 });
  return sim;
}
