import type { Readable } from 'node:stream';

import { sql } from 'kysely';

import type { EventSource } from '../../../../src/shared/events';
import { HOST, ORIGIN } from '../../support/test-app';
import type { ApiClient, Reply, TestApp } from '../../support/test-app';

export { writeGeneratedFiles } from './generated-files';
export type { GeneratedFiles } from './generated-files';

function parse(body: string): unknown {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    return body;
  }
}

/** Pushes a body to an integration with its token, as a log shipper would (no cookie, no Origin). */
export async function push(
  t: TestApp,
  integrationId: string,
  token: string | null,
  payload: string | Buffer | Readable,
  contentType = 'application/x-ndjson',
  /** `?source=`: the format the push names; left out, the server detects it. */
  source?: string,
): Promise<Reply> {
  const query = source === undefined ? '' : `?source=${encodeURIComponent(source)}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/app/integrations/${integrationId}/ingest${query}`,
    headers: {
      host: HOST,
      'content-type': contentType,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: parse(response.body) as any,
    headers: response.headers,
    cookies: [],
  };
}

/** Uploads a file to an integration from the settings screen (multipart, session cookie). */
export async function upload(
  t: TestApp,
  client: ApiClient,
  integrationId: string,
  fileName: string,
  content: string | Buffer,
): Promise<Reply> {
  const boundary = `----vigil${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/app/integrations/${integrationId}/upload`,
    headers: {
      host: HOST,
      origin: ORIGIN,
      cookie: client.cookie ?? '',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return {
    status: response.statusCode,
    body: parse(response.body) as any,
    headers: response.headers,
    cookies: [],
  };
}

/** Creates an integration through the API; returns its id and its token (shown once). */
export async function connect(
  client: ApiClient,
  kind: EventSource,
  name = `${kind} test`,
): Promise<{ id: string; token: string }> {
  const reply = await client.post('/integrations', { name, kind });
  if (reply.status !== 201) throw new Error(`create failed: ${JSON.stringify(reply.body)}`);
  return { id: reply.body.integration.id, token: reply.body.token };
}

/** How many events are stored (all sources), or of one source. */
export async function countEvents(t: TestApp, source?: EventSource): Promise<number> {
  let query = t.db.selectFrom('events').select(sql<number>`count(*)`.as('n'));
  if (source) query = query.where('source', '=', source);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Events whose actor did not join an employee. */
export async function countUnjoined(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('events')
    .select(sql<number>`count(*)`.as('n'))
    .where('employee_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Polls the server's log generator until its current run ends; returns that run. */
export async function waitForGeneratorRun(admin: ApiClient): Promise<any> {
  for (let i = 0; i < 300; i += 1) {
    const { run } = (await admin.get('/dev/generator/runs/current')).body;
    if (run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the generator run did not finish');
}
