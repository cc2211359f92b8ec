import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What the Slack, Box and Dropbox simulators share: a server on 127.0.0.1 that records each
 * request (and each wait it asked for), and the faults a test can order: a 5xx, a connection
 * reset in the middle of a reply's body.
 */

export interface SeenRequest {
  at: number;
  method: string;
  path: string;
  status: number;
  /** The request's body (form or JSON), as sent. */
  body: string;
}

export interface SimulatorKit {
  url: string;
  requests: SeenRequest[];
  /** Replies that asked for a wait (Retry-After): when, and until when (ms). */
  waits: Array<{ at: number; until: number }>;
  /** The next `count` requests to the API (not the token endpoint) answer this status. */
  failNext(count: number, status: number): void;
  /** The next 200 reply of the API gets its headers and half its body, then the socket dies. */
  resetNextMidBody(): void;
  close(): Promise<void>;
}

/** A reply being written: status, JSON or text body, headers. */
export type Send = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** What a route handler gets. */
export interface Exchange {
  url: URL;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  now: number;
  send: Send;
  /** A fault ordered by the test, for API routes: a status to answer, or null. */
  takeFailure(): number | null;
}

export async function startSimulatorServer(
  handle: (exchange: Exchange) => void,
): Promise<SimulatorKit> {
  const failures: number[] = [];
  let resetMidBody = false;
  const kit: SimulatorKit = {
    url: '',
    requests: [],
    waits: [],
    failNext(count, status) {
      failures.push(...Array<number>(count).fill(status));
    },
    resetNextMidBody() {
      resetMidBody = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', kit.url);
      const now = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = {
        at: now,
        method: request.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        status: 0,
        body,
      };
      kit.requests.push(seen);
      const send: Send = (status, payload, headers = {}) => {
        seen.status = status;
        // A wait runs from the reply, which a delayed reply sends after the request came.
        const retryAfter = headers['retry-after'];
        if (retryAfter !== undefined) {
          const sent = Date.now();
          kit.waits.push({ at: sent, until: sent + Number(retryAfter) * 1000 });
        }
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        const type = typeof payload === 'string' ? 'text/plain' : 'application/json';
        response.writeHead(status, { 'content-type': type, ...headers });
        if (resetMidBody && status === 200 && !url.pathname.includes('oauth2')) {
          resetMidBody = false;
          response.flushHeaders();
          response.write(text.slice(0, Math.floor(text.length / 2)));
          setTimeout(() => request.socket.destroy(), 5);
          return;
        }
        response.end(text);
      };
      handle({
        url,
        method: request.method ?? 'GET',
        headers: request.headers,
        body,
        now,
        send,
        takeFailure: () => failures.shift() ?? null,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  kit.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return kit;
}
