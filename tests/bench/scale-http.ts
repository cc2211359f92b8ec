import http from 'node:http';

import { FINDINGS_BENCH_ENDPOINTS } from './finding-endpoints';
import { processCpuSeconds } from './process-cpu';
import { percentile } from './percentile';

/**
 * The scale bench's requests: every finding endpoint, the alert queue, the subject timeline's
 * first page, hunting and the case's exports, sent over real sockets to Vigil processes
 * (tests/bench/scale-child.ts). With two processes, the same loop runs against both at once.
 */

/** A Vigil process answering on a port, with a signed-in session. */
export interface Server {
  base: string;
  cookie: string;
  /** The Vigil process's id, to read its CPU time around each measurement. */
  pid?: number;
}

/** p50/p95/max of one request, repeated. */
export interface Timing {
  path: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Requests answered other than 200 (a hunt stopped at its deadline: 400), and the first reason. */
  failed: number;
  firstFailure?: string;
  /** The Vigil process's CPU per timed request (ms), where it could be read: a quiet estimate. */
  cpuMsPerRequest?: number;
}

/** What the findings bench asks of the data only it writes (its file `f42`, its document 42). */
const FINDINGS_BENCH_DATA = new Set([
  'findings/file-access/files/f42/events',
  'events?category=file&q=document%2042&limit=100',
]);

/** The finding endpoints of a case: the findings bench's list, less its own data's. */
export const FINDING_ENDPOINTS = FINDINGS_BENCH_ENDPOINTS.filter(
  (endpoint) => !FINDINGS_BENCH_DATA.has(endpoint),
);

/** Hunting queries over everyone (the last 30 days, the hunt's default range). */
export const HUNT_QUERIES = {
  field: ['category:file', 'activity:file_download AND outcome:success', 'file.label:Confidential'],
  text: ['confidential', 'budget'],
};

const round = (n: number) => Math.round(n * 10) / 10;

export function summarize(
  path: string,
  times: number[],
  failures: string[] = [],
  cpuSeconds?: number,
): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    path,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    failed: failures.length,
    ...(failures.length > 0 ? { firstFailure: failures[0]!.slice(0, 300) } : {}),
    ...(cpuSeconds !== undefined && times.length > 0
      ? { cpuMsPerRequest: round((cpuSeconds * 1000) / times.length) }
      : {}),
  };
}

/** Signs in on a process; sessions live in the database, each process gets its own. */
export async function signIn(
  base: string,
  email: string,
  password: string,
  pid?: number,
): Promise<Server> {
  const login = await fetch(`${base}/api/app/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return { base, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]!, pid };
}

/** GET a path under /api/app, throwing on anything but 200; returns the parsed body. */
export async function getJson<T>(server: Server, path: string): Promise<T> {
  const reply = await fetch(`${server.base}/api/app/${path}`, {
    headers: { cookie: server.cookie },
  });
  if (reply.status !== 200)
    throw new Error(`GET ${path} answered ${reply.status}: ${(await reply.text()).slice(0, 300)}`);
  return (await reply.json()) as T;
}

/**
 * One warm-up, then `requests` timed GETs. A request refused (a hunt past its deadline) is
 * counted and timed like the others: how long the person waited for the answer.
 */
export async function timeGet(server: Server, path: string, requests: number): Promise<Timing> {
  const failures: string[] = [];
  const once = async () => {
    try {
      await getJson(server, path);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  };
  await once();
  failures.length = 0;
  const times: number[] = [];
  const cpuBefore = processCpuSeconds(server.pid);
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  const cpuAfter = processCpuSeconds(server.pid);
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return summarize(path, times, failures, cpu);
}

/** Downloads a file, counting its bytes: how long the whole body took. */
export async function timedDownload(
  server: Server,
  path: string,
): Promise<{ file: string; ms: number; bytes: number; cpuMs?: number }> {
  const url = new URL(`${server.base}/api/app/${path}`);
  const cpuBefore = processCpuSeconds(server.pid);
  const started = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { cookie: server.cookie },
        },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
          let n = 0;
          res.on('data', (chunk: Buffer) => (n += chunk.length));
          res.on('end', () => resolve(n));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
  const ms = Math.round(performance.now() - started);
  const cpuAfter = processCpuSeconds(server.pid);
  return {
    file: path.split('/').pop()!,
    ms,
    bytes,
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { cpuMs: Math.round((cpuAfter - cpuBefore) * 1000) }
      : {}),
  };
}

/** What one process answered during a round of measurements. */
export interface HttpRound {
  findings: Timing[];
  findingsWorstP95Ms: number;
  alerts: Timing[];
  timelineFirstPage: Timing;
  hunt: { field: Timing[]; text: Timing[] };
  exports: Array<{ file: string; ms: number; bytes: number; cpuMs?: number }>;
}

/**
 * Every measurement against one process, for the case `caseId` (its first finding request, the
 * rollup build, is done by the caller). `requests` repeats per path.
 */
export async function measureRound(
  server: Server,
  caseId: string,
  requests: number,
): Promise<HttpRound> {
  const findings: Timing[] = [];
  for (const endpoint of FINDING_ENDPOINTS)
    findings.push(await timeGet(server, `investigations/${caseId}/${endpoint}`, requests));
  const alerts: Timing[] = [];
  for (const query of ['limit=100', 'status=new&limit=100', 'severity=high&status=new&limit=100'])
    alerts.push(await timeGet(server, `alerts?${query}`, requests));
  const timelineFirstPage = await timeGet(
    server,
    `investigations/${caseId}/timeline/events?limit=200`,
    requests,
  );
  const hunt = { field: [] as Timing[], text: [] as Timing[] };
  for (const q of HUNT_QUERIES.field)
    hunt.field.push(await timeGet(server, `hunt/events?q=${encodeURIComponent(q)}`, requests));
  for (const q of HUNT_QUERIES.text)
    hunt.text.push(await timeGet(server, `hunt/events?q=${encodeURIComponent(q)}`, requests));
  const exports = [];
  for (const file of ['report.pdf', 'export.zip'])
    exports.push(await timedDownload(server, `investigations/${caseId}/${file}`));
  return {
    findings,
    findingsWorstP95Ms: Math.max(...findings.map((f) => f.p95Ms)),
    alerts,
    timelineFirstPage,
    hunt,
    exports,
  };
}
