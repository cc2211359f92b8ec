import os from 'node:os';

import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { openEngine, serveBenchCase } from './api-load.bench';
import { benchEvents, insertBenchEvents } from './findings-data';
import { percentile } from './percentile';

const DAY = 86_400_000;

/** The source a real deployment would have sent each category from (the bench rows say "normalized"). */
const SOURCE_OF: Record<string, string> = {
  auth: 'okta',
  app: 'okta',
  file: 'm365',
  email: 'm365',
  chat: 'slack',
  repo: 'github',
  process: 'windows',
  script: 'windows',
  device: 'device_inventory',
  access_request: 'access_requests',
  hr: 'hr',
};

/** The bench events, each from the source of its category (column 0 is source, 6 category). */
function* withSources(rows: Iterable<Array<string | number | null>>) {
  for (const row of rows) {
    row[0] = SOURCE_OF[String(row[6])] ?? 'normalized';
    yield row;
  }
}

/** One timeline request timed: its first page (with total and facets) and a page further on. */
export interface TimelineTiming {
  query: string;
  total: number | null;
  firstPage: { p50Ms: number; p95Ms: number; maxMs: number };
  nextPage: { p50Ms: number; p95Ms: number; maxMs: number };
}

/** What the subject timeline bench measured on one engine. */
export interface TimelineBenchResult {
  engine: string;
  events: number;
  requestsPerQuery: number;
  pageSize: number;
  queries: TimelineTiming[];
  load: number[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * GET /investigations/{id}/timeline/events over a case whose subject has `events` events in its
 * window (the findings bench's million, each from its category's source), through the real app
 * on a port: for each query, its first page (rows, total and facets) and the page after the
 * middle of the window (a jump to a date: the cursor the client writes), `requests` times each.
 */
export async function benchSubjectTimeline(
  engine: 'sqlite' | 'postgres',
  events = 1_000_000,
  requests = 20,
): Promise<TimelineBenchResult> {
  const { handle, cleanup } = await openEngine(engine);
  try {
    await seedDemoEmployees(handle.db);
    const end = Math.floor(Date.now() / DAY) * DAY + DAY;
    const written = await insertBenchEvents(
      handle,
      withSources(benchEvents('E1002', 'daniel.reyes@northwind.example', end, events)),
      { from: end - 90 * DAY, to: end },
    );
    if (engine === 'postgres') await handle.pool!.query('vacuum analyze events');
    const bench = await serveBenchCase(handle, { windowStart: end - 91 * DAY, windowEnd: end });
    const get = async (query: Record<string, string>) => {
      const search = new URLSearchParams({ limit: '200', ...query });
      const reply = await fetch(
        `${bench.base}/api/app/investigations/${bench.id}/timeline/events?${search}`,
        { headers: { cookie: bench.cookie } },
      );
      if (reply.status !== 200) throw new Error(`timeline answered ${reply.status}`);
      return (await reply.json()) as { total: number | null; rows: unknown[] };
    };
    const timed = async (query: Record<string, string>) => {
      const times: number[] = [];
      let total: number | null = null;
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        total = (await get(query)).total;
        times.push(performance.now() - started);
      }
      return { times, total };
    };
    const middle = Buffer.from(`${end - 45 * DAY}.0`).toString('base64url');
    // The first request builds the subject's rollups (what analysis does); not measured.
    await get({});
    const queries: TimelineTiming[] = [];
    for (const query of [
      {},
      { sort: '-time' },
      { source: 'okta' },
      { source: 'github' },
      { activity: 'file_download,email_send' },
      { activity: 'usb_write' },
      { label: 'Confidential' },
      { source: 'm365', label: 'Highly Confidential' },
      { from: String(end - 30 * DAY), to: String(end - 29 * DAY) },
    ] as Array<Record<string, string>>) {
      const first = await timed(query);
      const next = await timed({ ...query, cursor: middle });
      queries.push({
        query: new URLSearchParams(query).toString() || '(none)',
        total: first.total,
        firstPage: summary(first.times),
        nextPage: summary(next.times),
      });
    }
    await bench.app.close();
    return {
      engine,
      events: written,
      requestsPerQuery: requests,
      pageSize: 200,
      queries,
      load: os.loadavg(),
    };
  } finally {
    await cleanup();
  }
}
