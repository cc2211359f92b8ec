import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long a throttled reply takes to come back (its wait runs from then). */
const THROTTLED_REPLY_DELAY_MS = 300;

/*
 * Google's OAuth token endpoint for service accounts and the Admin SDK Reports API, on one local
 * server, written from Google's documentation ("Using OAuth 2.0 for server to server
 * applications", domain-wide delegation, and `activities.list`):
 * - `POST /token` takes the jwt-bearer grant: the assertion's RS256 signature is checked with the
 *   service account's public key ("Invalid JWT Signature."), `aud` must be the key's token_uri,
 *   the lifetime at most an hour, `sub` the delegated admin ("Invalid email or User ID"), the
 *   scope delegated (401 unauthorized_client otherwise). Tokens live `tokenLifetimeSeconds`.
 * - `GET /admin/reports/v1/activity/users/all/applications/{app}` with startTime and endTime
 *   (gmail needs both, at most 30 days apart), maxResults up to 1000 (`pageSize` caps it),
 *   activities newest first, an opaque `nextPageToken` while there is more; many activities share
 *   one `id.time`, also across a page boundary. An expired token answers 401 UNAUTHENTICATED;
 *   rate limits 429 or 403 rateLimitExceeded with Retry-After.
 * Activities can arrive late: `addLate` adds activities timed in the past, visible from now on.
 */

export interface SeenRequest {
  at: number;
  path: string;
  status: number;
}

/** An activity as `activities.list` returns it. */
export interface Activity {
  kind: 'admin#reports#activity';
  id: { time: string; uniqueQualifier: string; applicationName: string; customerId: string };
  etag: string;
  actor: { email: string; profileId: string; callerType: string };
  ipAddress: string;
  events: Array<{ type: string; name: string; parameters: Array<Record<string, unknown>> }>;
  /** Not sent: when the simulator lets the activity be listed. */
  visibleFrom?: number;
}

export interface GoogleReportsSimulator {
  url: string;
  /** The service account's key file, as Google gives it. */
  key: Record<string, string>;
  adminEmail: string;
  activities: Activity[];
  requests: SeenRequest[];
  waits: Array<{ at: number; until: number; status: number }>;
  tokensIssued: number;
  expiredTokenRefusals: number;
  tokenLifetimeSeconds: number;
  pageSize: number;
  /** Adds activities spread over the last `spanMs`, several on one time. */
  add(application: string, count: number, spanMs?: number): Activity[];
  /** Adds activities timed `ageMs` ago, visible only from now on (still filling). */
  addLate(application: string, count: number, ageMs: number): Activity[];
  revokeTokens(): void;
  failNext(count: number, status: number): void;
  throttleNext(seconds: number, status?: 429 | 403): void;
  resetNextMidBody(): void;
  close(): Promise<void>;
}

const PEOPLE = ['maya.okafor@northwind.example', 'daniel.reyes@northwind.example'];

function eventOf(application: string, n: number): Activity['events'][number] {
  switch (application) {
    case 'drive':
      return {
        type: 'access',
        name: 'download',
        parameters: [
          { name: 'doc_id', value: `1a2b${n}` },
          { name: 'doc_title', value: `Pipeline ${n}.xlsx` },
          { name: 'doc_type', value: 'spreadsheet' },
          { name: 'owner', value: PEOPLE[0] },
          { name: 'visibility', value: 'private' },
        ],
      };
    case 'login':
      return {
        type: 'login',
        name: 'login_success',
        parameters: [{ name: 'login_type', value: 'google_password' }],
      };
    case 'admin':
      return {
        type: 'USER_SETTINGS',
        name: 'CHANGE_PASSWORD',
        parameters: [{ name: 'USER_EMAIL', value: PEOPLE[1] }],
      };
    default:
      return {
        type: 'auth',
        name: 'authorize',
        parameters: [
          { name: 'client_id', value: `${n}.apps.googleusercontent.com` },
          { name: 'app_name', value: 'Sync tool' },
        ],
      };
  }
}

/** Starts the simulator on 127.0.0.1, its service account key made on the spot. */
export async function startGoogleReportsSimulator(): Promise<GoogleReportsSimulator> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `vigil-reports@northwind-audit.iam.gserviceaccount.com`;
  const tokens = new Map<string, number>();
  const failures: number[] = [];
  let throttle: { seconds: number; status: number } | null = null;
  let resetMidBody = false;
  let counter = 0;

  const sim: GoogleReportsSimulator = {
    url: '',
    key: {},
    adminEmail: 'it-admin@northwind.example',
    activities: [],
    requests: [],
    waits: [],
    tokensIssued: 0,
    expiredTokenRefusals: 0,
    tokenLifetimeSeconds: 3599,
    pageSize: 1000,
    add(application, count, spanMs = 3_600_000) {
      const now = Date.now();
      // Three activities share each time: uniqueQualifier tells them apart.
      return Array.from({ length: count }, (_, i) =>
        addActivity(
          application,
          now - 1000 - Math.floor((count - i) / 3) * Math.floor((3 * spanMs) / count),
          now,
        ),
      );
    },
    addLate(application, count, ageMs) {
      const now = Date.now();
      return Array.from({ length: count }, () => addActivity(application, now - ageMs, now));
    },
    revokeTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    failNext(count, status) {
      failures.push(...Array<number>(count).fill(status));
    },
    throttleNext(seconds, status = 429) {
      throttle = { seconds, status };
    },
    resetNextMidBody() {
      resetMidBody = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function addActivity(application: string, time: number, visibleFrom: number): Activity {
    counter += 1;
    const actor = PEOPLE[counter % PEOPLE.length]!;
    const activity: Activity = {
      kind: 'admin#reports#activity',
      id: {
        // Google's times have millisecond precision; many activities share one.
        time: new Date(time).toISOString(),
        uniqueQualifier: String(-4_000_000_000_000_000_000n + BigInt(counter) * 7919n),
        applicationName: application,
        customerId: 'C03az79cb',
      },
      etag: `"${randomUUID()}"`,
      actor: { email: actor, profileId: `1049${counter % PEOPLE.length}`, callerType: 'USER' },
      ipAddress: '203.0.113.42',
      events: [eventOf(application, counter)],
      visibleFrom,
    };
    sim.activities.push(activity);
    return activity;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')));
  });

  function answer(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', sim.url);
    const now = Date.now();
    const seen: SeenRequest = { at: now, path: `${url.pathname}${url.search}`, status: 0 };
    sim.requests.push(seen);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      if (headers['retry-after']) {
        sim.waits.push({ at: now, until: now + Number(headers['retry-after']) * 1000, status });
      }
      const text = JSON.stringify(payload);
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      if (resetMidBody && status === 200 && !url.pathname.endsWith('/token')) {
        resetMidBody = false;
        response.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => request.socket.destroy(), 5);
        return;
      }
      response.end(text);
    };
    const apiError = (code: number, status: string, message: string, reason: string) =>
      send(code, {
        error: { code, message, errors: [{ message, domain: 'global', reason }], status },
      });

    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      const assertion = form.get('assertion') ?? '';
      const [head, claimsText, signature] = assertion.split('.');
      const invalidGrant = (description: string) =>
        send(400, { error: 'invalid_grant', error_description: description });
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !signature) {
        return send(400, {
          error: 'unsupported_grant_type',
          error_description: 'Invalid grant_type: ',
        });
      }
      const signed = verify(
        'RSA-SHA256',
        Buffer.from(`${head}.${claimsText}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      );
      if (!signed) return invalidGrant('Invalid JWT Signature.');
      const header = JSON.parse(Buffer.from(head!, 'base64url').toString()) as { alg?: string };
      const claims = JSON.parse(Buffer.from(claimsText!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const seconds = Math.floor(now / 1000);
      if (header.alg !== 'RS256') return invalidGrant('Invalid JWT: algorithm.');
      if (claims.aud !== sim.key.token_uri)
        return invalidGrant('Invalid JWT: Failed audience check.');
      if (claims.iss !== clientEmail) return invalidGrant('Invalid issuer.');
      const iat = Number(claims.iat);
      const exp = Number(claims.exp);
      if (!(exp > seconds && iat <= seconds + 60 && exp - iat <= 3600)) {
        return invalidGrant(
          'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
        );
      }
      if (claims.sub !== sim.adminEmail) return invalidGrant('Invalid email or User ID');
      if (claims.scope !== 'https://www.googleapis.com/auth/admin.reports.audit.readonly') {
        return send(401, {
          error: 'unauthorized_client',
          error_description:
            'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
        });
      }
      const token = `ya29.${randomUUID()}`;
      tokens.set(token, now + sim.tokenLifetimeSeconds * 1000);
      sim.tokensIssued += 1;
      return send(200, {
        access_token: token,
        expires_in: sim.tokenLifetimeSeconds,
        token_type: 'Bearer',
      });
    }

    const match = /^\/admin\/reports\/v1\/activity\/users\/all\/applications\/([a-z_]+)$/.exec(
      url.pathname,
    );
    if (!match) return apiError(404, 'NOT_FOUND', 'Not Found', 'notFound');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (expires === undefined || expires <= now) {
      if (expires !== undefined) sim.expiredTokenRefusals += 1;
      return apiError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'authError',
      );
    }
    if (throttle) {
      const { seconds, status } = throttle;
      throttle = null;
      seen.status = status;
      const message =
        "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user'.";
      // A refusal takes a while to come back, and its wait runs from when it is sent: a client
      // that counts Retry-After from when it asked comes back too early.
      setTimeout(() => {
        const sentAt = Date.now();
        sim.waits.push({ at: sentAt, until: sentAt + seconds * 1000, status });
        response.writeHead(status, {
          'content-type': 'application/json',
          'retry-after': String(seconds),
        });
        response.end(
          JSON.stringify({
            error: {
              code: status,
              message,
              errors: [{ message, domain: 'usageLimits', reason: 'rateLimitExceeded' }],
              status: 'RESOURCE_EXHAUSTED',
            },
          }),
        );
      }, THROTTLED_REPLY_DELAY_MS);
      return;
    }
    const failure = failures.shift();
    if (failure !== undefined)
      return apiError(
        failure,
        'UNAVAILABLE',
        'The service is currently unavailable.',
        'backendError',
      );
    const application = match[1]!;
    const startText = url.searchParams.get('startTime');
    const endText = url.searchParams.get('endTime');
    const start = startText ? Date.parse(startText) : 0;
    const end = endText ? Date.parse(endText) : now;
    if (application === 'gmail' && (!startText || !endText || end - start > 30 * 86_400_000)) {
      return apiError(
        400,
        'INVALID_ARGUMENT',
        'Both startTime and endTime are required, at most 30 days apart.',
        'invalid',
      );
    }
    if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
      return apiError(
        400,
        'INVALID_ARGUMENT',
        'Start time must be earlier than the end time.',
        'invalid',
      );
    }
    const query = `${application}|${start}|${end}`;
    const pageToken = url.searchParams.get('pageToken');
    let offset = 0;
    if (pageToken) {
      const [tokenQuery, tokenOffset] = Buffer.from(pageToken, 'base64url').toString().split('#');
      if (tokenQuery !== query)
        return apiError(400, 'INVALID_ARGUMENT', 'Invalid page token.', 'invalid');
      offset = Number(tokenOffset);
    }
    const listed = sim.activities
      .filter((a) => a.id.applicationName === application && (a.visibleFrom ?? 0) <= now)
      .filter((a) => Date.parse(a.id.time) >= start && Date.parse(a.id.time) <= end)
      .sort((a, b) => Date.parse(b.id.time) - Date.parse(a.id.time));
    const size = Math.min(Number(url.searchParams.get('maxResults') ?? 1000), 1000, sim.pageSize);
    const items = listed
      .slice(offset, offset + size)
      .map(({ visibleFrom: _hidden, ...item }) => item);
    const more = offset + size < listed.length;
    return send(200, {
      kind: 'admin#reports#activities',
      etag: `"${randomUUID()}"`,
      ...(items.length > 0 ? { items } : {}),
      ...(more
        ? { nextPageToken: Buffer.from(`${query}#${offset + size}`).toString('base64url') }
        : {}),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim.key = {
    type: 'service_account',
    project_id: 'northwind-audit',
    private_key_id: randomUUID().replace(/-/g, ''),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: '104242424242424242424',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: `${sim.url}/token`,
  };
  return sim;
}
