import os from 'node:os';

import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { openEngine, serveBenchCase } from './api-load.bench';
import { benchEvents, insertBenchEvents } from './findings-data';
import { percentile } from './percentile';

const DAY = 86_400_000;

/** Words to find: none of the events holds the first (the worst case), many the second. */
const QUERIES = {
  absent: 'proton.me',
  rare: 'contoso',
  common: 'document 42',
} as const;

/** One query's first page timed, and the whole search read page by page to its end. */
export interface SearchTiming {
  q: string;
  firstPage: { p50Ms: number; p95Ms: number; maxMs: number };
  toTheEnd: { pages: number; hits: number; ms: number };
}

/** What the event search bench measured on one engine. */
export interface EventSearchBenchResult {
  engine: string;
  events: number;
  requestsPerQuery: number;
  queries: SearchTiming[];
  load: number[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * GET /search/events over a case whose subject has `events` events in its window (the findings
 * bench's million), through the real app on a port: each query's first page `requests` times,
 * then every page of it to the end (a page stops after its scan budget, so a word found nowhere
 * takes several).
 */
export async function benchEventSearch(
  engine: 'sqlite' | 'postgres',
  events = 1_000_000,
  requests = 20,
): Promise<EventSearchBenchResult> {
  const { handle, cleanup } = await openEngine(engine);
  try {
    await seedDemoEmployees(handle.db);
    const end = Math.floor(Date.now() / DAY) * DAY + DAY;
    const written = await insertBenchEvents(
      handle,
      benchEvents('E1002', 'daniel.reyes@northwind.example', end, events),
      { from: end - 90 * DAY, to: end },
    );
    // What autovacuum does to a table after a large ingest: statistics and the visibility map.
    if (engine === 'postgres') await handle.pool!.query('vacuum analyze events');
    const bench = await serveBenchCase(handle, {
      windowStart: end - 91 * DAY,
      windowEnd: end,
    });
    const search = async (q: string, cursor: string | null) => {
      const query = new URLSearchParams({ q, limit: '20', ...(cursor ? { cursor } : {}) });
      const reply = await fetch(`${bench.base}/api/app/search/events?${query}`, {
        headers: { cookie: bench.cookie },
      });
      if (reply.status !== 200) throw new Error(`search answered ${reply.status}`);
      return (await reply.json()) as { hits: unknown[]; nextCursor: string | null };
    };
    const queries: SearchTiming[] = [];
    for (const q of Object.values(QUERIES)) {
      await search(q, null);
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        await search(q, null);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const started = performance.now();
      let pages = 0;
      let hits = 0;
      let cursor: string | null = null;
      do {
        const page: { hits: unknown[]; nextCursor: string | null } = await search(q, cursor);
        pages += 1;
        hits += page.hits.length;
        cursor = page.nextCursor;
      } while (cursor && pages < 10_000);
      queries.push({
        q,
        firstPage: {
          p50Ms: round(percentile(times, 50)),
          p95Ms: round(percentile(times, 95)),
          maxMs: round(times[times.length - 1] ?? 0),
        },
        toTheEnd: { pages, hits, ms: round(performance.now() - started) },
      });
    }
    await bench.app.close();
    return { engine, events: written, requestsPerQuery: requests, queries, load: os.loadavg() };
  } finally {
    await cleanup();
  }
}
