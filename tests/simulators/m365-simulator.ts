import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Microsoft Entra ID's token endpoint and the Office 365 Management Activity API, on one local
 * server, written from Microsoft's reference and troubleshooting guide:
 * - `POST /{tenant}/oauth2/v2.0/token` (client credentials, scope `{api}/.default`): a wrong
 *   secret answers 401 invalid_client (AADSTS7000215), an unknown tenant 400 (AADSTS90002);
 *   tokens live `tokenLifetimeSeconds`, an expired or revoked token answers 401.
 * - `POST …/subscriptions/start?contentType=` (400 AF20024 when already enabled),
 *   `GET …/subscriptions/list`, `GET …/subscriptions/content` (400 AF20022 without a
 *   subscription; startTime and endTime both or neither, at most 24 h apart, the start within 7
 *   days, else 400 AF20030; content listed by when it was published, `pageSize` per page with a
 *   `NextPageUri` header while there is more), and `GET …/audit/{contentId}` for a blob.
 * - `PublisherIdentifier` is noted on every request; AF429 comes as 429 or 403 with Retry-After.
 * Blobs can be published late (listed from now on under an earlier contentCreated) and twice
 * (the same records under a second contentId). Faults on demand: 5xx AF50000, a connection reset
 * mid-body, throttling.
 */

export interface SeenRequest {
  at: number;
  method: string;
  path: string;
  status: number;
  publisher: boolean;
}

/** An audit record as the Management Activity API returns it (common schema). */
export interface AuditRecord {
  Id: string;
  CreationTime: string;
  Operation: string;
  RecordType: number;
  UserId: string;
  Workload: string;
  [key: string]: unknown;
}

interface Blob {
  contentType: string;
  contentId: string;
  created: number;
  /** Listed only from this time on (a late blob is published under an earlier contentCreated). */
  visibleFrom: number;
  records: AuditRecord[];
}

export interface M365Simulator {
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Every distinct record published (a duplicate blob adds none). */
  records: AuditRecord[];
  blobs: Blob[];
  requests: SeenRequest[];
  /** Token requests answered with a token. */
  tokensIssued: number;
  /** API requests refused because their token had expired or was revoked. */
  expiredTokenRefusals: number;
  tokenLifetimeSeconds: number;
  /** Blobs per listing page. */
  pageSize: number;
  subscriptions: Set<string>;
  /** Replies that asked for a wait: when, and until when (ms). */
  waits: Array<{ at: number; until: number; status: number }>;
  /** Publishes `blobs` blobs of `perBlob` records each, now. */
  publish(contentType: string, blobs: number, perBlob: number): AuditRecord[];
  /** Publishes a blob listed from now on under a contentCreated `agoMs` in the past. */
  publishLate(contentType: string, perBlob: number, agoMs: number): AuditRecord[];
  /** Publishes the records of an earlier blob again under a new contentId. */
  publishAgain(blob: Blob): void;
  /** Tokens issued so far are refused from now on (401), as an expired one is. */
  revokeTokens(): void;
  failNext(count: number, status: number): void;
  /** The next request answers AF429 (as `status`, 429 or 403) with Retry-After `seconds`. */
  throttleNext(seconds: number, status?: 429 | 403): void;
  /** The next blob's reply is cut mid-body. */
  resetNextBlobMidBody(): void;
  close(): Promise<void>;
}

const PEOPLE = ['maya.okafor@northwind.example', 'daniel.reyes@northwind.example'];

/** A record of the content type, as each workload writes it. */
function recordOf(contentType: string, created: number, n: number): AuditRecord {
  const user = PEOPLE[n % PEOPLE.length]!;
  const base = {
    Id: randomUUID(),
    CreationTime: new Date(created).toISOString().slice(0, 19),
    OrganizationId: 'f28ab78a-d401-4060-8012-736e373933eb',
    UserKey: `10032001${n}@northwind.example`,
    UserType: 0,
    UserId: user,
    ClientIP: '203.0.113.7',
  };
  switch (contentType) {
    case 'Audit.SharePoint':
      return {
        ...base,
        Operation: 'FileDownloaded',
        RecordType: 6,
        Workload: 'SharePoint',
        ObjectId: `https://northwind.sharepoint.com/sites/sales/Shared Documents/pipeline-${n}.xlsx`,
        SourceFileName: `pipeline-${n}.xlsx`,
        SiteUrl: 'https://northwind.sharepoint.com/sites/sales/',
      };
    case 'Audit.Exchange':
      return {
        ...base,
        Operation: 'Send',
        RecordType: 2,
        Workload: 'Exchange',
        ResultStatus: 'Succeeded',
        Item: { Subject: `Quarterly numbers ${n}`, Id: randomUUID() },
      };
    case 'Audit.AzureActiveDirectory':
      return {
        ...base,
        Operation: 'UserLoggedIn',
        RecordType: 15,
        Workload: 'AzureActiveDirectory',
        ResultStatus: 'Success',
        ObjectId: '00000003-0000-0ff1-ce00-000000000000',
      };
    case 'DLP.All':
      return { ...base, Operation: 'DlpRuleMatch', RecordType: 11, Workload: 'Exchange' };
    default:
      return {
        ...base,
        Operation: 'MessageSent',
        RecordType: 25,
        Workload: 'MicrosoftTeams',
      };
  }
}

const apiError = (code: string, message: string) => ({ error: { code, message } });

/** Starts the simulator on 127.0.0.1. */
export async function startM365Simulator(): Promise<M365Simulator> {
  const tenantId = randomUUID();
  const tokens = new Map<string, number>();
  const failures: number[] = [];
  let throttle: { seconds: number; status: number } | null = null;
  let resetBlob = false;
  let blobCounter = 0;

  const sim: M365Simulator = {
    url: '',
    tenantId,
    clientId: randomUUID(),
    clientSecret: `Q~${randomUUID()}`,
    records: [],
    blobs: [],
    requests: [],
    tokensIssued: 0,
    expiredTokenRefusals: 0,
    tokenLifetimeSeconds: 3599,
    pageSize: 50,
    subscriptions: new Set(),
    waits: [],
    publish(contentType, count, perBlob) {
      const added: AuditRecord[] = [];
      for (let b = 0; b < count; b += 1) {
        // Published a few seconds ago: listings end at the current whole second.
        const created = Date.now() - 3000 - (count - b) * 10;
        added.push(...addBlob(contentType, perBlob, created, created));
      }
      return added;
    },
    publishLate(contentType, perBlob, agoMs) {
      return addBlob(contentType, perBlob, Date.now() - agoMs, Date.now());
    },
    publishAgain(blob) {
      blobCounter += 1;
      sim.blobs.push({ ...blob, contentId: `${blob.contentId}$again${blobCounter}` });
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
    resetNextBlobMidBody() {
      resetBlob = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function addBlob(contentType: string, perBlob: number, created: number, visibleFrom: number) {
    blobCounter += 1;
    const records = Array.from({ length: perBlob }, (_, n) =>
      // Events happened before their blob was published, up to an hour.
      recordOf(contentType, created - Math.floor(Math.random() * 3_600_000), blobCounter + n),
    );
    const stamp = new Date(created).toISOString().replace(/\D/g, '').slice(0, 17);
    sim.blobs.push({
      contentType,
      contentId: `${stamp}$${stamp}$${contentType.toLowerCase().replace('.', '_')}$${contentType.replace('.', '_')}$${blobCounter}`,
      created,
      visibleFrom,
      records,
    });
    sim.records.push(...records);
    return records;
  }

  const feed = `/api/v1.0/${tenantId}/activity/feed`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')));
  });

  function answer(request: http.IncomingMessage, response: http.ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', sim.url);
    // NextPageUri links say /api/v1/ where the documented root says /api/v1.0/: both are served.
    url.pathname = url.pathname.replace(/^\/api\/v1\//, '/api/v1.0/');
    const now = Date.now();
    const seen: SeenRequest = {
      at: now,
      method: request.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      status: 0,
      publisher: url.searchParams.get('PublisherIdentifier') === tenantId,
    };
    sim.requests.push(seen);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      if (headers['retry-after']) {
        sim.waits.push({ at: now, until: now + Number(headers['retry-after']) * 1000, status });
      }
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(payload === undefined ? '' : JSON.stringify(payload));
    };

    if (url.pathname.endsWith('/oauth2/v2.0/token') && request.method === 'POST') {
      const form = new URLSearchParams(body);
      if (!url.pathname.startsWith(`/${tenantId}/`)) {
        return send(400, {
          error: 'invalid_request',
          error_description: `AADSTS90002: Tenant not found. Check to make sure you have the correct tenant ID.\r\nTrace ID: ${randomUUID()}`,
        });
      }
      if (
        form.get('grant_type') !== 'client_credentials' ||
        !form.get('scope')?.endsWith('/.default')
      ) {
        return send(400, { error: 'invalid_scope', error_description: 'AADSTS1002012: scope.' });
      }
      if (form.get('client_id') !== sim.clientId) {
        return send(400, {
          error: 'unauthorized_client',
          error_description: `AADSTS700016: Application not found in the directory.\r\nTrace ID: ${randomUUID()}`,
        });
      }
      if (form.get('client_secret') !== sim.clientSecret) {
        return send(401, {
          error: 'invalid_client',
          error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.\r\nTrace ID: ${randomUUID()}`,
        });
      }
      const token = `eyJ0eXAiOiJKV1Qi.${randomUUID()}`;
      tokens.set(token, now + sim.tokenLifetimeSeconds * 1000);
      sim.tokensIssued += 1;
      return send(200, {
        token_type: 'Bearer',
        expires_in: sim.tokenLifetimeSeconds,
        ext_expires_in: sim.tokenLifetimeSeconds,
        access_token: token,
      });
    }

    if (!url.pathname.startsWith(feed)) {
      return send(
        404,
        apiError(
          'AF20011',
          'Specified tenant ID does not exist in the system or has been deleted.',
        ),
      );
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (expires === undefined || expires <= now) {
      if (expires !== undefined) sim.expiredTokenRefusals += 1;
      return send(401, {
        error: { code: '', message: 'Authorization has been denied for this request.' },
      });
    }
    if (throttle) {
      const { seconds, status } = throttle;
      throttle = null;
      const method = url.pathname.includes('/audit/') ? 'GetBlob' : 'ListContent';
      return send(
        status,
        apiError('AF429', `Too many requests. Method=${method}, PublisherId=${tenantId}`),
        { 'retry-after': String(seconds) },
      );
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      return send(failure, apiError('AF50000', 'An internal error occurred. Retry the request.'));
    }
    const operation = url.pathname.slice(feed.length + 1);
    const contentType = url.searchParams.get('contentType') ?? '';
    const known = [
      'Audit.AzureActiveDirectory',
      'Audit.Exchange',
      'Audit.SharePoint',
      'Audit.General',
      'DLP.All',
    ];

    if (operation === 'subscriptions/start' && request.method === 'POST') {
      if (!known.includes(contentType))
        return send(400, apiError('AF20020', 'The specified content type is not valid.'));
      if (sim.subscriptions.has(contentType)) {
        return send(
          400,
          apiError('AF20024', 'The subscription is already enabled. No property change.'),
        );
      }
      sim.subscriptions.add(contentType);
      return send(200, { contentType, status: 'enabled', webhook: null });
    }
    if (operation === 'subscriptions/list') {
      return send(
        200,
        [...sim.subscriptions].map((type) => ({
          contentType: type,
          status: 'enabled',
          webhook: null,
        })),
      );
    }
    if (operation === 'subscriptions/content') {
      if (!known.includes(contentType))
        return send(400, apiError('AF20020', 'The specified content type is not valid.'));
      if (!sim.subscriptions.has(contentType)) {
        return send(
          400,
          apiError('AF20022', 'No subscription found for the specified content type'),
        );
      }
      const startText = url.searchParams.get('startTime');
      const endText = url.searchParams.get('endTime');
      const zoned = (text: string) => Date.parse(/Z$/.test(text) ? text : `${text}Z`);
      const start = startText ? zoned(startText) : now - 86_400_000;
      const end = endText ? zoned(endText) : now;
      if (
        (startText === null) !== (endText === null) ||
        !Number.isFinite(start) ||
        !Number.isFinite(end) ||
        end - start > 86_400_000 ||
        start < now - 7 * 86_400_000
      ) {
        return send(
          400,
          apiError(
            'AF20030',
            'Start time and end time must both be specified (or both omitted) and must be less than or equal to 24 hours apart, with the start time no more than 7 days in the past.',
          ),
        );
      }
      const listed = sim.blobs
        .filter((blob) => blob.contentType === contentType && blob.visibleFrom <= now)
        .filter((blob) => blob.created >= start && blob.created < end)
        .sort((a, b) => a.visibleFrom - b.visibleFrom || a.created - b.created);
      const offset = Number(url.searchParams.get('nextPage') ?? 0);
      const page = listed.slice(offset, offset + sim.pageSize);
      const headers: Record<string, string> = {};
      if (offset + sim.pageSize < listed.length) {
        const next = new URLSearchParams({
          contentType,
          startTime: new Date(start).toISOString().slice(0, 19),
          endTime: new Date(end).toISOString().slice(0, 19),
          nextPage: String(offset + sim.pageSize),
        });
        headers.NextPageUri = `${sim.url}/api/v1/${tenantId}/activity/feed/subscriptions/content?${next}`;
      }
      return send(
        200,
        page.map((blob) => ({
          contentType: blob.contentType,
          contentId: blob.contentId,
          contentUri: `${sim.url}${feed}/audit/${blob.contentId}`,
          contentCreated: new Date(blob.created).toISOString(),
          contentExpiration: new Date(blob.created + 7 * 86_400_000).toISOString(),
        })),
        headers,
      );
    }
    if (operation.startsWith('audit/')) {
      const id = decodeURIComponent(operation.slice('audit/'.length));
      const blob = sim.blobs.find((candidate) => candidate.contentId === id);
      if (!blob) return send(404, apiError('AF20050', 'The specified content does not exist.'));
      if (resetBlob) {
        resetBlob = false;
        seen.status = 200;
        const text = JSON.stringify(blob.records);
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(text.length),
        });
        response.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => request.socket.destroy(), 5);
        return;
      }
      return send(200, blob.records);
    }
    return send(404, apiError('AF20050', 'The specified content does not exist.'));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sim;
}
