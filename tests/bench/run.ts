import fs from 'node:fs';
import path from 'node:path';

import { benchAnalysis } from './analysis.bench';
import { benchApiLoad } from './api-load.bench';
import { benchBrowser } from './browser/browser.bench';
import { benchCollect } from './collect.bench';
import { benchDetection } from './detection.bench';
import { benchEventSearch } from './event-search.bench';
import { benchFindingLoad } from './finding-load.bench';
import { benchFindings } from './findings.bench';
import { benchHunt, benchTextIndexWriteCost } from './hunt.bench';
import { benchIngest } from './ingest.bench';
import { benchReport } from './report.bench';
import { benchScale, scaleOptionsFrom } from './scale.bench';
import { postgresSettings } from './server-settings';
import { benchSubjectTimeline } from './subject-timeline.bench';

/**
 * `npm run bench`: measures against DESIGN.md's budgets and writes JSON results to
 * tests/bench/results/. Benchmarks, not tests: nothing here fails on a slow machine.
 * `npm run bench -- api` runs one group.
 */
const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);
const postgres = await postgresSettings();
const results: Record<string, unknown> = {
  machine: { cpus: (await import('node:os')).cpus().length, node: process.version, postgres },
  at: new Date().toISOString(),
};
if (postgres) {
  console.log(
    `PostgreSQL ${postgres.server_version}: ${Object.entries(postgres)
      .filter(([name]) => name !== 'server_version')
      .map(([name, value]) => `${name} ${value}`)
      .join(', ')}`,
  );
}

if (wants('api')) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  for (const engine of ['sqlite', 'postgres'] as const) {
    console.log(`API load: GET /investigations/{id} with a session on ${engine} for ${seconds} s…`);
    const result = await benchApiLoad(engine, seconds);
    console.log(
      `  ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors, ${result.non2xx} non-2xx`,
    );
    results[`api-${engine}`] = result;
  }
}

if (wants('load')) {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
  // BENCH_LOAD_ENGINE: one engine only (sqlite or postgres), for runs back to back.
  const engines = (['sqlite', 'postgres'] as const).filter(
    (engine) => (process.env.BENCH_LOAD_ENGINE ?? engine) === engine,
  );
  for (const engine of engines) {
    console.log(
      `Load: GET findings/file-access from 200 connections on ${engine} for ${seconds} s…`,
    );
    const result = await benchFindingLoad(engine, seconds);
    console.log(
      `  ${result.requestsPerSecond} req/s (${result.okPerSecond} answered 200), alone ${result.aloneMs} ms, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms (${result.serverMaxMs} ms from the server's reading of the request), answers 200: server max ${result.serverMaxOkMs} ms, ${result.serverOkOver2s} over 2 s; server CPU ${result.cpuSeconds} s, ${result.timeouts} timeouts, ${result.errors} errors, ${result.non2xx} non-2xx; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    results[`load-${engine}`] = result;
  }
}

if (wants('analysis')) {
  const events = Number(process.env.BENCH_ANALYSIS_EVENTS ?? 1_000_000);
  for (const engine of ['sqlite', 'postgres'] as const) {
    console.log(
      `Analysis: full run (every rule, incidents, risk) for a subject with ${events.toLocaleString('en-US')} events on ${engine}…`,
    );
    const result = await benchAnalysis(engine, events);
    console.log(
      `  events built in ${result.loadSeconds} s; runs ${result.runMs.join(', ')} ms (CPU of this process ${result.runCpuMs.join(', ')} ms; median ${result.medianMs} ms: rules ${result.phasesMs.rules}, store ${result.phasesMs.store}, risk ${result.phasesMs.risk}); ${result.incidents} incidents, score ${result.score}; load average ${result.loadAverage.join(' ')}`,
    );
    results[`analysis-${engine}`] = result;
  }
}

if (wants('findings')) {
  const events = Number(process.env.BENCH_FINDINGS_EVENTS ?? 1_000_000);
  for (const engine of ['sqlite', 'postgres'] as const) {
    console.log(
      `Findings: every finding endpoint for a subject with ${events.toLocaleString('en-US')} events on ${engine}…`,
    );
    const result = await benchFindings(engine, events);
    console.log(
      `  events written in ${result.insertSeconds} s; rollups built in ${result.rollupBuildSeconds} s; load average ${result.load.map((l) => l.toFixed(2)).join(' ')}`,
    );
    for (const e of result.endpoints)
      console.log(
        `  ${e.path.padEnd(48)} first ${e.firstMs} ms  p50 ${e.p50Ms} ms  p95 ${e.p95Ms} ms`,
      );
    results[`findings-${engine}`] = result;
  }
}

if (wants('privacy')) {
  // Issue 17: pseudonymization may cost at most 10% of the finding endpoints' p95.
  const events = Number(process.env.BENCH_PRIVACY_EVENTS ?? 1_000_000);
  const engines = (process.env.BENCH_PRIVACY_ENGINES ?? 'sqlite,postgres').split(',');
  for (const engine of ['sqlite', 'postgres'] as const) {
    if (!engines.includes(engine)) continue;
    console.log(
      `Pseudonymization: every finding endpoint on and off, ${events.toLocaleString('en-US')} events on ${engine}…`,
    );
    const result = await benchFindings(engine, events, 20, { privacy: true });
    let on = 0;
    let off = 0;
    for (const e of result.endpoints) {
      on += e.p95Ms;
      off += e.off!.p95Ms;
      console.log(
        `  ${e.path.padEnd(48)} p95 on ${e.p95Ms} ms  off ${e.off!.p95Ms} ms  (${((e.p95Ms / Math.max(e.off!.p95Ms, 0.1) - 1) * 100).toFixed(0)}%)`,
      );
    }
    console.log(
      `  sum of p95 on ${on.toFixed(0)} ms, off ${off.toFixed(0)} ms: ${((on / off - 1) * 100).toFixed(1)}%`,
    );
    results[`privacy-${engine}`] = { ...result, p95SumOnMs: on, p95SumOffMs: off };
  }
}

if (wants('search')) {
  const events = Number(process.env.BENCH_SEARCH_EVENTS ?? 1_000_000);
  for (const engine of ['sqlite', 'postgres'] as const) {
    console.log(
      `Event search: GET /search/events over a case with ${events.toLocaleString('en-US')} events on ${engine}…`,
    );
    const result = await benchEventSearch(engine, events);
    for (const q of result.queries)
      console.log(
        `  ${q.q.padEnd(12)} first page p50 ${q.firstPage.p50Ms} ms  p95 ${q.firstPage.p95Ms} ms; to the end: ${q.toTheEnd.pages} pages, ${q.toTheEnd.hits} hits, ${q.toTheEnd.ms} ms`,
      );
    results[`search-${engine}`] = result;
  }
}

if (wants('timeline')) {
  const events = Number(process.env.BENCH_TIMELINE_EVENTS ?? 1_000_000);
  const engines = (process.env.BENCH_TIMELINE_ENGINES ?? 'sqlite,postgres').split(',');
  for (const engine of ['sqlite', 'postgres'] as const) {
    if (!engines.includes(engine)) continue;
    console.log(
      `Subject timeline: GET /investigations/{id}/timeline/events over ${events.toLocaleString('en-US')} events on ${engine}…`,
    );
    const result = await benchSubjectTimeline(engine, events);
    for (const q of result.queries)
      console.log(
        `  ${q.query.padEnd(44)} total ${String(q.total).padStart(7)}  first page p50 ${q.firstPage.p50Ms} ms  p95 ${q.firstPage.p95Ms} ms; mid-window page p50 ${q.nextPage.p50Ms} ms  p95 ${q.nextPage.p95Ms} ms`,
      );
    results[`timeline-${engine}`] = result;
  }
}

if (wants('detection')) {
  const employees = Number(process.env.BENCH_DETECTION_EMPLOYEES ?? 1000);
  const days = Number(process.env.BENCH_DETECTION_DAYS ?? 33);
  for (const engine of ['sqlite', 'postgres'] as const) {
    console.log(
      `Detection: ${employees} people over ${days} days through the pipeline, then detection over everyone on ${engine}…`,
    );
    const r = await benchDetection(engine, employees, days);
    console.log(
      `  ${r.events.toLocaleString('en-US')} events ingested in ${r.ingestSeconds} s; detection over ${r.everyone.people} people in ${r.everyone.seconds} s (${r.everyone.alerts} alerts, ${r.everyone.failed} failed); a ${r.push.events}-event push: ingest ${r.push.ingestMs} ms, detection ${r.push.detectionMs} ms`,
    );
    for (const q of r.list.queries)
      console.log(
        `  GET /alerts?${q.query} with ${r.list.alerts.toLocaleString('en-US')} alerts: p50 ${q.p50Ms} ms, p95 ${q.p95Ms} ms`,
      );
    results[`detection-${engine}`] = r;
  }
}

if (wants('report')) {
  const events = Number(process.env.BENCH_REPORT_EVENTS ?? 1_000_000);
  const engines = (process.env.BENCH_REPORT_ENGINES ?? 'sqlite,postgres').split(',') as Array<
    'sqlite' | 'postgres'
  >;
  for (const engine of engines) {
    console.log(
      `Report: report.pdf and export.zip of a case whose subject has ${events.toLocaleString('en-US')} events on ${engine}…`,
    );
    const r = await benchReport(engine, events);
    console.log(
      `  events written in ${r.insertSeconds} s; analysis ${r.analysisSeconds} s; rollups ${r.rollupSeconds} s; ${r.incidents} incidents`,
    );
    for (const e of r.exports)
      console.log(
        `  ${e.file.padEnd(11)} ${e.ms} ms (CPU ${e.cpuMs} ms), ${(e.bytes / 1024 / 1024).toFixed(1)} MB; peak RSS ${e.peakRssMb} MB (${e.rssAboveStartMb} MB above its start), peak heap ${e.peakHeapMb} MB`,
      );
    results[`report-${engine}`] = r;
  }
}

if (wants('hunt')) {
  // `npm run bench -- hunt --events 1000000` for a quick run (default 10 million, as issue 28
  // asks); `--engines sqlite` for one engine. Each engine's database is deleted when measured,
  // unless `--keep NAME` (build and keep) or `--reuse NAME` (measure a kept one without
  // building): see tests/bench/hunt.bench.ts.
  const option = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const events = Number(option('events') ?? process.env.BENCH_HUNT_EVENTS ?? 10_000_000);
  const engines = (option('engines') ?? process.env.BENCH_HUNT_ENGINES ?? 'sqlite,postgres').split(
    ',',
  );
  for (const engine of ['sqlite', 'postgres'] as const) {
    if (!engines.includes(engine)) continue;
    const keepName = option('keep') ?? option('reuse');
    // `--people 1000` spreads the events over fewer people (more of each one's files alike).
    const people = Number(option('people') ?? 10_000);
    console.log(
      option('reuse')
        ? `Hunt: the kept ${keepName} on ${engine}…`
        : `Hunt: ${events.toLocaleString('en-US')} events of ${people.toLocaleString('en-US')} people over 90 days on ${engine}…`,
    );
    const keep = keepName ? { name: keepName, reuse: option('reuse') !== undefined } : undefined;
    const r = await benchHunt(engine, events, (line) => console.log(line), people, 10, keep);
    console.log(
      `  field p95 (worst) ${r.fieldP95Ms} ms, free text p95 (worst) ${r.textP95Ms} ms; load average ${r.load.join(' ')}`,
    );
    results[`hunt-${engine}`] = r;
  }
}

if (wants('hunt-write-cost')) {
  // What migration 0037's indexes cost the writes of events: the same rows with and without.
  for (const engine of ['sqlite', 'postgres'] as const) {
    const r = await benchTextIndexWriteCost(engine);
    console.log(
      `Hunt indexes' write cost on ${engine}: ${r.withIndexRowsPerSecond} rows/s with, ${r.withoutIndexRowsPerSecond} without (ratio ${r.ratio}); load average ${r.load.join(' ')}`,
    );
    results[`hunt-write-cost-${engine}`] = r;
  }
}

if (wants('ingest')) {
  results.ingest = await benchIngest((line) => console.log(line));
}

if (wants('collect')) {
  results.collect = await benchCollect((line) => console.log(line));
}

// Only when asked for by name (`npm run bench -- scale [--events N] [--engine sqlite]`): the
// ten-million-event run takes most of an hour and 20 GB; `npm run bench` alone leaves it out.
if (only.includes('scale')) {
  const options = scaleOptionsFrom(only);
  console.log(
    `Scale: ${options.employees.toLocaleString('en-US')} people, ${options.events.toLocaleString('en-US')} events over ${options.days} days through the pipeline into ${options.engine}, then one and two Vigil processes…`,
  );
  results[`scale-${options.engine}`] = await benchScale(options, (line) => console.log(line));
}

if (wants('browser')) {
  console.log(
    'Browser: palette latency, a million-row table and page JavaScript in headless Chromium…',
  );
  results.browser = await benchBrowser((line) => console.log(line));
}

const dir = path.resolve('tests/bench/results');
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
// latest.json holds the newest result of every group: a run of some groups keeps the others',
// each group saying when it was measured.
const latestFile = path.join(dir, 'latest.json');
const latest = (
  fs.existsSync(latestFile) ? JSON.parse(fs.readFileSync(latestFile, 'utf8')) : {}
) as Record<string, unknown>;
const measuredAt = { ...(latest.measuredAt as Record<string, string> | undefined) };
for (const key of Object.keys(results)) {
  if (key !== 'machine' && key !== 'at') measuredAt[key] = results.at as string;
}
fs.writeFileSync(latestFile, `${JSON.stringify({ ...latest, ...results, measuredAt }, null, 2)}\n`);
console.log(`Results written to ${path.relative(process.cwd(), file)}`);
