import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';

import { buildApp } from '../../../src/server/app';
import { hashPassword } from '../../../src/server/accounts/passwords';
import { loadConfig } from '../../../src/server/config';
import { insertUserIfAbsent } from '../../../src/server/db/queries/users';
import type { GeneratedFiles } from '../../api/ingest/support/generated-files';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { createIntegration } from '../../../src/server/ingest/integrations/manage-integrations';
import type { BenchDatabase } from './engines';

/** Events written and how long it took, over every file of a dataset. */
export interface PathResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /**
   * CPU seconds this process used meanwhile (user + system): steadier than wall time when other
   * work shares the cores. Push and upload include the server, which runs in this process; on
   * PostgreSQL the database server's own CPU is not counted.
   */
  cpuSeconds: number;
}

/** CPU seconds used by this process so far. */
export function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function result(events: number, started: number, cpuStarted: number): PathResult {
  const seconds = (performance.now() - started) / 1000;
  return {
    events,
    seconds: Math.round(seconds * 100) / 100,
    eventsPerSecond: Math.round(events / seconds),
    cpuSeconds: Math.round((cpuSeconds() - cpuStarted) * 100) / 100,
  };
}

/** The pipeline reading each file from disk (what `npm run ingest` does), HR first. */
export async function pipelineFromFiles(
  target: BenchDatabase,
  files: GeneratedFiles,
): Promise<PathResult> {
  let events = 0;
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  for (const source of files.order) {
    const outcome = await ingest(target.handle, {
      source: files.parserSource(source),
      input: fs.createReadStream(files.file(source), { highWaterMark: 1024 * 1024 }),
      via: 'cli',
    });
    if (outcome.status !== 'succeeded') throw new Error(`${source}: ${outcome.message}`);
    events += outcome.accepted;
  }
  return result(events, started, cpuStarted);
}

/** The app listening on a port with one integration per source and a signed-in admin. */
async function serve(target: BenchDatabase, files: GeneratedFiles) {
  const app = await buildApp({ config: loadConfig({}), database: target.handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const userId = randomUUID();
  const password = 'bench-password-123';
  await insertUserIfAbsent(
    target.handle.db,
    {
      id: userId,
      email: 'ingest-bench@vigil.test',
      displayName: 'Bench',
      passwordHash: await hashPassword(password),
      now: Date.now(),
    },
    ['admin'],
  );
  const login = await fetch(`${base}/api/app/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'ingest-bench@vigil.test', password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const integrations = new Map<string, { id: string; token: string }>();
  for (const source of files.order) {
    const created = await createIntegration(
      target.handle.db,
      {
        name: source,
        kind: files.parserSource(source),
        enabled: true,
        options: { framing: 'auto' },
      },
      userId,
      Date.now(),
    );
    integrations.set(source, { id: created.row.id, token: created.token });
  }
  return { app, base, cookie, integrations };
}

/**
 * Pushes each file over HTTP with its integration's token, streaming the body with its
 * Content-Length, as log shippers send their batches.
 */
export async function pushOverHttp(
  target: BenchDatabase,
  files: GeneratedFiles,
): Promise<PathResult> {
  const { app, base, integrations } = await serve(target, files);
  try {
    let events = 0;
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    for (const source of files.order) {
      const { id, token } = integrations.get(source)!;
      const body = Readable.toWeb(
        fs.createReadStream(files.file(source), { highWaterMark: 1024 * 1024 }),
      );
      const reply = await fetch(`${base}/api/app/integrations/${id}/ingest`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-length': String(fs.statSync(files.file(source)).size),
          'content-type':
            files.manifest.sources[source].format === 'csv' ? 'text/csv' : 'application/x-ndjson',
        },
        body: body as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const json = (await reply.json()) as { accepted: number; message?: string };
      if (reply.status !== 200) throw new Error(`push ${source}: ${reply.status} ${json.message}`);
      events += json.accepted;
    }
    return result(events, started, cpuStarted);
  } finally {
    await app.close();
  }
}

/** Uploads each file as multipart/form-data with a session, as the settings screen does. */
export async function uploadOverHttp(
  target: BenchDatabase,
  files: GeneratedFiles,
): Promise<PathResult> {
  const { app, base, cookie, integrations } = await serve(target, files);
  try {
    let events = 0;
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    for (const source of files.order) {
      const { id } = integrations.get(source)!;
      const form = new FormData();
      form.append(
        'file',
        await fs.openAsBlob(files.file(source)),
        files.manifest.sources[source].file,
      );
      const reply = await fetch(`${base}/api/app/integrations/${id}/upload`, {
        method: 'POST',
        headers: { cookie, origin: base },
        body: form,
      });
      const json = (await reply.json()) as { accepted: number; message?: string };
      if (reply.status !== 200)
        throw new Error(`upload ${source}: ${reply.status} ${json.message}`);
      events += json.accepted;
    }
    return result(events, started, cpuStarted);
  } finally {
    await app.close();
  }
}
