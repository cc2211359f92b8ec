import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * An Okta org's System Log API (`GET /api/v1/logs`), written from Okta's documentation: polling
 * requests (since, ASCENDING, no until) page through events in the order Okta stored them
 * (their `published` times out of order), every reply carries `self` and `next` links (`next`
 * even on an empty page), `after` is opaque and only valid as Okta issued it, `since` and
 * `after` together are refused, an SSWS token is required (401 E0000011), and the rate limit is
 * reported on every reply (X-Rate-Limit-Limit/-Remaining/-Reset in epoch seconds) with 429
 * E0000047 once used up. Faults on demand: 5xx, a connection reset mid-body, a slow reply.
 */

/** One request as the simulator saw it. */
export interface SeenRequest {
  at: number;
  path: string;
  status: number;
  /** Whether the request was a `next` link the simulator had issued (or the first request). */
  issued: boolean;
}

/** A LogEvent as the parsers read it. */
export interface LogEvent {
  uuid: string;
  published: string;
  eventType: string;
  actor: { id: string; type: string; alternateId: string; displayName: string };
  outcome: { result: string };
  client: { ipAddress: string };
  [key: string]: unknown;
}

export interface OktaSimulator {
  url: string;
  token: string;
  events: LogEvent[];
  requests: SeenRequest[];
  /** Adds events as Okta would store them; their `published` times are up to 5 min out of order. */
  addEvents(count: number): LogEvent[];
  /** The next `count` requests answer this status (500, 503, 429 without waiting…). */
  failNext(count: number, status: number): void;
  /** The next request gets headers and half its body, then the connection is destroyed. */
  resetNextMidBody(): void;
  /** At most `limit` requests per `windowMs`; then 429 E0000047 until the window resets. */
  setRateLimit(limit: number, windowMs: number): void;
  /** Page size cap, whatever `limit` the client asks (to force paging). */
  pageSize: number;
  /** Delay before each reply, in ms (to widen overlaps between collectors). */
  delayMs: number;
  /** Requests in flight at once, at most, since start. */
  maxInFlight: number;
  /** Every reply that asked for a wait (429, or none remaining): when, and until when (ms). */
  waits: Array<{ at: number; until: number; status: number }>;
  /** The next request answers 429 E0000047, its limit resetting `resetAfterMs` from then. */
  throttleNext(resetAfterMs: number): void;
  /**
   * Registers an OAuth service app at the org authorization server (`POST /oauth2/v1/token`,
   * client credentials, private_key_jwt, scope okta.logs.read): its client ID and private key
   * (PKCS#8 PEM). Its access tokens are accepted as `Bearer` on the System Log.
   */
  enableOAuth(): { clientId: string; privateKey: string };
  /** Token requests, and the client assertion claims of each. */
  tokenRequests: Array<{ at: number; status: number; form: Record<string, string> }>;
  /**
   * The next token request is answered 429 E0000047, as Okta limits its authorization server:
   * no Retry-After, the window resetting `resetAfterMs` after the answer (X-Rate-Limit-Reset).
   */
  throttleTokenNext(resetAfterMs: number): void;
  /** Every access token issued so far expires now. */
  expireTokens(): void;
  close(): Promise<void>;
}

const PEOPLE = [
  'maya.okafor@northwind.example',
  'daniel.reyes@northwind.example',
  'li.wei@northwind.example',
];

/** Starts a simulator on 127.0.0.1 with `count` events stored over the last day. */
export async function startOktaSimulator(count = 0): Promise<OktaSimulator> {
  const token = `00${randomUUID().replace(/-/g, '')}`;
  const issued = new Set<string>();
  const failures: number[] = [];
  let resetMidBody = false;
  let throttle: number | null = null;
  let tokenThrottle: number | null = null;
  let rate: { limit: number; windowMs: number; windowStart: number; used: number } | null = null;
  let inFlight = 0;
  let persisted = Date.now() - 86_400_000;
  let app: { clientId: string; publicKey: KeyObject } | null = null;
  const accessTokens = new Map<string, number>();
  const usedJtis = new Set<string>();

  const sim: OktaSimulator = {
    url: '',
    token,
    events: [],
    requests: [],
    pageSize: 1000,
    delayMs: 0,
    maxInFlight: 0,
    waits: [],
    addEvents(n) {
      const added: LogEvent[] = [];
      for (let i = 0; i < n; i += 1) {
        persisted = Math.min(Date.now(), persisted + 1000);
        const person = PEOPLE[i % PEOPLE.length]!;
        added.push({
          uuid: randomUUID(),
          // Stored in order, published up to 5 minutes earlier: out of `published` order.
          published: new Date(persisted - Math.floor(Math.random() * 300_000)).toISOString(),
          eventType: 'user.session.start',
          version: '0',
          severity: 'INFO',
          displayMessage: 'User login to Okta',
          actor: { id: `00u${i}`, type: 'User', alternateId: person, displayName: person },
          outcome: { result: 'SUCCESS' },
          client: { ipAddress: '203.0.113.9' },
        });
      }
      sim.events.push(...added);
      return added;
    },
    failNext(n, status) {
      failures.push(...Array<number>(n).fill(status));
    },
    throttleNext(resetAfterMs) {
      throttle = resetAfterMs;
    },
    resetNextMidBody() {
      resetMidBody = true;
    },
    setRateLimit(limit, windowMs) {
      rate = { limit, windowMs, windowStart: Date.now(), used: 0 };
    },
    tokenRequests: [],
    throttleTokenNext(resetAfterMs) {
      tokenThrottle = resetAfterMs;
    },
    enableOAuth() {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      app = { clientId: `0oa${randomUUID().replace(/-/g, '').slice(0, 17)}`, publicKey };
      return {
        clientId: app.clientId,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
    },
    expireTokens() {
      for (const key of accessTokens.keys()) accessTokens.set(key, 0);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  sim.addEvents(count);

  const link = (query: URLSearchParams) => `<${sim.url}/api/v1/logs?${query}>`;

  /** The org authorization server's token endpoint, as Okta documents it for service apps. */
  const tokenEndpoint = (body: string, response: http.ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      sim.tokenRequests.push({ at: Date.now(), status, form });
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };
    if (tokenThrottle !== null) {
      const resetAfterMs = tokenThrottle;
      tokenThrottle = null;
      const reset = Math.ceil((Date.now() + resetAfterMs) / 1000);
      return answer(
        429,
        {
          errorCode: 'E0000047',
          errorSummary: 'API call exceeded rate limit due to too many requests.',
          errorCauses: [],
        },
        {
          'x-rate-limit-limit': '600',
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(reset),
        },
      );
    }
    const refuse = (description: string) =>
      answer(401, { error: 'invalid_client', error_description: description });
    if (!app) return refuse('Client authentication failed.');
    if (form.grant_type !== 'client_credentials') {
      return answer(400, {
        error: 'unsupported_grant_type',
        error_description: 'The grant type is not supported.',
      });
    }
    if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') {
      return refuse('The client_assertion_type is invalid.');
    }
    const [head, claims, signature] = (form.client_assertion ?? '').split('.');
    if (!head || !claims || !signature) return refuse('The client_assertion is not a JWT.');
    const good = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      app.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!good) return refuse('The client_assertion signature is invalid.');
    const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const now = Math.floor(Date.now() / 1000);
    if (jwt.iss !== app.clientId || jwt.sub !== app.clientId) {
      return refuse('The iss and sub claims must be the client_id.');
    }
    if (jwt.aud !== `${sim.url}/oauth2/v1/token`) return refuse('The audience claim is invalid.');
    if (typeof jwt.exp !== 'number' || jwt.exp <= now || jwt.exp > now + 3600) {
      return refuse('The client_assertion token is expired or its expiry is too far away.');
    }
    if (typeof jwt.jti !== 'string' || usedJtis.has(jwt.jti)) {
      return refuse('The client_assertion token has already been used.');
    }
    usedJtis.add(jwt.jti);
    if (!(form.scope ?? '').split(' ').includes('okta.logs.read')) {
      return answer(400, {
        error: 'invalid_scope',
        error_description: 'The requested scope is invalid.',
      });
    }
    const accessToken = `eyJ${randomUUID().replace(/-/g, '')}`;
    accessTokens.set(accessToken, Date.now() + 3600_000);
    return answer(200, {
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: accessToken,
      scope: 'okta.logs.read',
    });
  };

  /** SSWS with the API token, or a Bearer token the authorization server issued and still valid. */
  const authorized = (header: string | undefined): 'ok' | 'expired' | 'invalid' => {
    if (header === `SSWS ${token}`) return 'ok';
    const bearer = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer)) return 'invalid';
    return accessTokens.get(bearer)! > Date.now() ? 'ok' : 'expired';
  };

  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && (request.url ?? '').startsWith('/oauth2/v1/token')) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => tokenEndpoint(Buffer.concat(chunks).toString('utf8'), response));
      return;
    }
    inFlight += 1;
    sim.maxInFlight = Math.max(sim.maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    const url = new URL(request.url ?? '/', sim.url);
    const now = Date.now();
    const seen: SeenRequest = {
      at: now,
      path: `${url.pathname}${url.search}`,
      status: 0,
      issued: false,
    };
    sim.requests.push(seen);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      const rateHeaders: Record<string, string> = { ...headers };
      if (rate && !rateHeaders['x-rate-limit-reset']) {
        rateHeaders['x-rate-limit-limit'] = String(rate.limit);
        rateHeaders['x-rate-limit-remaining'] = String(Math.max(0, rate.limit - rate.used));
        rateHeaders['x-rate-limit-reset'] = String(
          Math.ceil((rate.windowStart + rate.windowMs) / 1000),
        );
      }
      if (status === 429 || rateHeaders['x-rate-limit-remaining'] === '0') {
        sim.waits.push({
          at: now,
          until: Number(rateHeaders['x-rate-limit-reset']) * 1000,
          status,
        });
      }
      const text = JSON.stringify(body);
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'application/json', ...rateHeaders });
        if (resetMidBody && status === 200) {
          resetMidBody = false;
          response.flushHeaders();
          response.write(text.slice(0, Math.floor(text.length / 2)));
          setTimeout(() => request.socket.destroy(), 5);
          return;
        }
        response.end(text);
      }, sim.delayMs);
    };
    if (url.pathname !== '/api/v1/logs')
      return send(404, {
        errorCode: 'E0000022',
        errorSummary: 'The endpoint does not support the provided HTTP method',
      });
    const auth = authorized(request.headers.authorization);
    if (auth === 'expired') {
      return send(
        401,
        { errorCode: 'E0000011', errorSummary: 'Invalid token provided', errorCauses: [] },
        {
          'www-authenticate':
            'Bearer authorization_uri="http://okta/oauth2/v1/authorize", realm="IdpGrpc", error="invalid_token", error_description="The token has expired."',
        },
      );
    }
    if (auth === 'invalid') {
      return send(401, {
        errorCode: 'E0000011',
        errorSummary: 'Invalid token provided',
        errorCauses: [],
      });
    }
    if (rate) {
      if (now >= rate.windowStart + rate.windowMs) {
        rate.windowStart = now;
        rate.used = 0;
      }
      if (rate.used >= rate.limit) {
        return send(429, {
          errorCode: 'E0000047',
          errorSummary: 'API call exceeded rate limit due to too many requests.',
          errorCauses: [],
        });
      }
      rate.used += 1;
    }
    if (throttle !== null) {
      const reset = String(Math.ceil((now + throttle) / 1000));
      throttle = null;
      return send(
        429,
        {
          errorCode: 'E0000047',
          errorSummary: 'API call exceeded rate limit due to too many requests.',
          errorCauses: [],
        },
        { 'x-rate-limit-limit': '120', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset },
      );
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      return send(failure, { errorCode: 'E0000009', errorSummary: 'Internal Server Error' });
    }
    const after = url.searchParams.get('after');
    const since = url.searchParams.get('since');
    if (after !== null && since !== null) {
      return send(400, {
        errorCode: 'E0000001',
        errorSummary: 'Api validation failed: since and after are mutually exclusive',
      });
    }
    let start: number;
    if (after !== null) {
      if (!issued.has(after)) {
        return send(400, {
          errorCode: 'E0000001',
          errorSummary: 'Api validation failed: after is not a cursor Okta issued',
        });
      }
      seen.issued = true;
      start = Number(Buffer.from(after, 'base64url').toString('utf8').split(':')[1]);
    } else {
      seen.issued = true;
      const from = since ? Date.parse(since) : now - 7 * 86_400_000;
      // Polling requests select by when Okta stored events; published is a close stand-in here.
      start = sim.events.findIndex((event) => Date.parse(event.published) >= from - 300_000);
      if (start < 0) start = sim.events.length;
    }
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), sim.pageSize);
    const page = sim.events.slice(start, start + limit);
    const nextAfter = Buffer.from(`${randomUUID()}:${start + page.length}`).toString('base64url');
    issued.add(nextAfter);
    const self = new URLSearchParams(url.searchParams);
    const next = new URLSearchParams({
      limit: String(limit),
      sortOrder: 'ASCENDING',
      after: nextAfter,
    });
    return send(200, page, { link: `${link(self)}; rel="self", ${link(next)}; rel="next"` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sim;
}
