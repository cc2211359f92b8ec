import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { loadFromAnotherProcess, openEngine, serveBenchCase } from './api-load.bench';
import { benchEvents, insertBenchEvents } from './findings-data';

/** Throughput and the whole latency tail of one finding endpoint under many connections. */
export interface FindingLoadResult {
  engine: string;
  endpoint: string;
  events: number;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Answered 200 per second: the work done (503s are answered too, at once, and not work). */
  okPerSecond: number;
  /** One request alone (median of 20 in a row before the load): what an answer costs. */
  aloneMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * The longest time from the server reading a request to its answer: `maxMs` without the
   * wait for the server to accept the connection (one per turn of its event loop, libuv 1.45+),
   * which under 200 new connections on a busy loop is most of the first second's tail.
   */
  serverMaxMs: number;
  /** `serverMaxMs` of the answers 200 only, and how many of them took more than 2 s. */
  serverMaxOkMs: number;
  serverOkOver2s: number;
  /** The server process's CPU (user + system, seconds) during the load. */
  cpuSeconds: number;
  /** Requests with no reply within the client's timeout (10 s). */
  timeouts: number;
  errors: number;
  non2xx: number;
}

const DAY = 86_400_000;
const ENDPOINT = 'findings/file-access';

/**
 * GET findings/file-access of a case whose subject has `events` events (5,000: a few times a
 * demo subject's, so the endpoint costs what it does on real cases, not what a million-event
 * subject costs), from `connections` connections at once for `seconds` (autocannon in its own
 * process, connecting while the server is already busy, which is where a synchronous driver
 * used to starve late clients).
 */
export async function benchFindingLoad(
  engine: 'sqlite' | 'postgres',
  seconds = 30,
  connections = 200,
  events = 5_000,
): Promise<FindingLoadResult> {
  const { handle, cleanup } = await openEngine(engine);
  await seedDemoEmployees(handle.db);
  const end = Math.floor(Date.now() / DAY) * DAY + DAY;
  await insertBenchEvents(
    handle,
    benchEvents('E1002', 'daniel.reyes@northwind.example', end, events),
    { from: end - 90 * DAY, to: end },
  );
  if (engine === 'postgres') await handle.pool!.query('analyze events');
  const { app, base, cookie, id } = await serveBenchCase(handle, {
    windowStart: end - 91 * DAY,
    windowEnd: end,
  });
  try {
    const url = `${base}/api/app/investigations/${id}/${ENDPOINT}`;
    // The first request builds the subject's rollups; the load measures answering, not that.
    const warm = await fetch(url, { headers: { cookie } });
    if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status}`);
    const aloneMs = await medianAlone(url, cookie, 20);
    let serverMaxMs = 0;
    let serverMaxOkMs = 0;
    let serverOkOver2s = 0;
    app.server.prependListener('request', (_request, response) => {
      const started = performance.now();
      response.on('finish', () => {
        const took = Math.round(performance.now() - started);
        serverMaxMs = Math.max(serverMaxMs, took);
        if (response.statusCode !== 200) return;
        serverMaxOkMs = Math.max(serverMaxOkMs, took);
        if (took > 2_000) serverOkOver2s += 1;
      });
    });
    const cpu = process.cpuUsage();
    const result = await loadFromAnotherProcess(url, cookie, connections, seconds);
    const used = process.cpuUsage(cpu);
    return {
      engine,
      endpoint: ENDPOINT,
      events,
      connections,
      durationSeconds: seconds,
      requestsPerSecond: Math.round(result.requests.average),
      okPerSecond: Math.round(result['2xx'] / seconds),
      aloneMs,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      serverMaxMs,
      serverMaxOkMs,
      serverOkOver2s,
      cpuSeconds: Math.round((used.user + used.system) / 1e5) / 10,
      timeouts: result.timeouts,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await app.close();
    await handle.close();
    await cleanup();
  }
}

/** The median time of `count` requests one after another: the request's own service time. */
async function medianAlone(url: string, cookie: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const reply = await fetch(url, { headers: { cookie } });
    await reply.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(count / 2)]! * 10) / 10;
}
