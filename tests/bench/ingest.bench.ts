import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { EVENT_COLUMNS } from '../../src/server/ingest/store/event-row';
import { writeGeneratedFiles } from '../api/ingest/support/generated-files';
import type { Engine } from './ingest/engines';
import { eventBytes } from './ingest/event-bytes';
import { freshDatabase } from './ingest/engines';
import { postgresFloor, readRows, sqliteFloor } from './ingest/floor';
import { ingestFileInChild, normalizedTemplates, writeNormalizedFile } from './ingest/memory';
import type { MemoryResult } from './ingest/memory';
import type { PathResult } from './ingest/paths';
import { cpuSeconds, pipelineFromFiles, pushOverHttp, uploadOverHttp } from './ingest/paths';

/** Ingest throughput per path beside the floor, on one engine. */
export interface EngineResult {
  /** Rows per second of the bare insert of the same rows in one transaction (best of two). */
  floorRowsPerSecond: number;
  /** CPU seconds of this process during that best floor (on PostgreSQL, the client's share). */
  floorCpuSeconds: number;
  floor: string;
  pipelineFile: PathResult & { ratioToFloor: number; cpuRatioToFloor: number };
  push: PathResult & { ratioToFloor: number; cpuRatioToFloor: number };
  upload: PathResult & { ratioToFloor: number; cpuRatioToFloor: number };
}

const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function measureEngine(
  engine: Engine,
  files: Awaited<ReturnType<typeof writeGeneratedFiles>>,
) {
  const fresh = () => freshDatabase(engine);
  const run = async <T>(fn: (db: Awaited<ReturnType<typeof fresh>>) => Promise<T>): Promise<T> => {
    const db = await fresh();
    try {
      return await fn(db);
    } finally {
      await db.cleanup();
    }
  };
  // The pipeline's own database gives "the same rows" for the floor.
  const source = await fresh();
  let pipeline: PathResult;
  let rows: unknown[][];
  try {
    pipeline = await pipelineFromFiles(source, files);
    rows = await readRows(source);
  } finally {
    await source.cleanup();
  }
  const floorOnce = () =>
    run(async (db) => {
      const cpuStarted = cpuSeconds();
      const rate = engine === 'sqlite' ? sqliteFloor(db, rows) : await postgresFloor(db, rows);
      return { rate, cpuSeconds: cpuSeconds() - cpuStarted };
    });
  const floors = [await floorOnce()];
  // A second pipeline pass and floor, interleaved, so a burst of load elsewhere hurts both alike.
  const second = await run((db) => pipelineFromFiles(db, files));
  floors.push(await floorOnce());
  const best = second.eventsPerSecond > pipeline.eventsPerSecond ? second : pipeline;
  const bestFloor = floors[0]!.rate >= floors[1]!.rate ? floors[0]! : floors[1]!;
  const floor = bestFloor.rate;
  const push = await run((db) => pushOverHttp(db, files));
  const upload = await run((db) => uploadOverHttp(db, files));
  const ratio = (r: PathResult) => ({
    ...r,
    ratioToFloor: Math.round((r.eventsPerSecond / floor) * 100) / 100,
    // The same ratio by CPU time (floor CPU over path CPU), less swayed by load elsewhere.
    cpuRatioToFloor:
      Math.round((bestFloor.cpuSeconds / rows.length) * (r.events / r.cpuSeconds) * 100) / 100,
  });
  return {
    floorRowsPerSecond: floor,
    floorCpuSeconds: Math.round(bestFloor.cpuSeconds * 100) / 100,
    floor:
      engine === 'sqlite'
        ? 'better-sqlite3 prepared insert, one transaction, WAL file with the server’s indexes'
        : 'insert ... select from jsonb_array_elements, 5,000-row chunks, one transaction',
    pipelineFile: ratio(best),
    push: ratio(push),
    upload: ratio(upload),
    rows: rows.length,
  };
}

/**
 * Ingest throughput of each path (pipeline from a file, push over HTTP, upload) beside a floor
 * measured in the same run, on SQLite and PostgreSQL, and the peak memory of a 1 GB NDJSON
 * file through the CLI. BENCH_INGEST_EMPLOYEES, BENCH_INGEST_DAYS and BENCH_INGEST_GB scale it.
 */
export async function benchIngest(log: (line: string) => void): Promise<Record<string, unknown>> {
  const employees = Number(process.env.BENCH_INGEST_EMPLOYEES ?? 100);
  const days = Number(process.env.BENCH_INGEST_DAYS ?? 30);
  const gigabytes = Number(process.env.BENCH_INGEST_GB ?? 1);
  const out: Record<string, unknown> = { loadAverageAtStart: loadAverage() };
  log(`Ingest: generating ${employees} employees x ${days} days of native logs…`);
  const files = await writeGeneratedFiles({ employees, days, seed: 3 });
  try {
    const bytes = files.order.reduce((sum, s) => sum + fs.statSync(files.file(s)).size, 0);
    out.dataset = {
      employees,
      days,
      records: files.manifest.totals.records,
      events: files.manifest.totals.events,
      megabytes: Math.round(bytes / 1e6),
    };
    for (const engine of ['sqlite', 'postgres'] as const) {
      log(`Ingest on ${engine}: pipeline from files, floor, push, upload…`);
      const result = await measureEngine(engine, files);
      const bytes = await eventBytes(engine);
      out[engine] = { ...result, bytesPerEvent: bytes, loadAverageAfter: loadAverage() };
      log(
        `  floor ${result.floorRowsPerSecond} rows/s; pipeline ${result.pipelineFile.eventsPerSecond} events/s (${result.pipelineFile.ratioToFloor}; by CPU ${result.pipelineFile.cpuRatioToFloor}), push ${result.push.eventsPerSecond} (${result.push.ratioToFloor}; ${result.push.cpuRatioToFloor}), upload ${result.upload.eventsPerSecond} (${result.upload.ratioToFloor}; ${result.upload.cpuRatioToFloor}); load ${loadAverage().join(' ')}`,
      );
      log(
        `  bytes per event: generic ${bytes.generic.bytesPerEvent} (raw ${bytes.generic.rawBytesPerEvent}), normalized ${bytes.normalized.bytesPerEvent} (raw ${bytes.normalized.rawBytesPerEvent})`,
      );
    }
    if (gigabytes > 0) {
      const template = await freshDatabase('sqlite');
      let templates: Record<string, unknown>[];
      try {
        await pipelineFromFiles(template, files);
        templates = normalizedTemplates(await readRows(template), EVENT_COLUMNS);
      } finally {
        await template.cleanup();
      }
      const file = path.join(os.tmpdir(), `vigil-bench-${process.pid}.ndjson`);
      try {
        log(
          `Ingest: writing ${gigabytes} GB of normalized NDJSON and loading it with npm run ingest…`,
        );
        const events = writeNormalizedFile(file, templates, gigabytes * 1024 ** 3);
        const memory: MemoryResult = await ingestFileInChild(file, events);
        out.memory = { ...memory, loadAverageAfter: loadAverage() };
        log(
          `  ${memory.events} events in ${memory.seconds} s (${memory.eventsPerSecond}/s), peak RSS ${memory.peakRssMb} MB`,
        );
      } finally {
        fs.rmSync(file, { force: true });
      }
    }
  } finally {
    files.remove();
  }
  return out;
}
