import pg from 'pg';

import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { eventPartitionsOf, recordPgStatements } from './pg-statements';
import type { PlanNode } from './pg-statements';
import { FINDING_ENDPOINTS } from './scale-http';

/**
 * `node --import tsx tests/bench/finding-plans.ts <database url> <case id> <email> <password>`:
 * every finding endpoint of a case on a kept PostgreSQL database (the scale bench's `--keep`),
 * in process: its p50/p95 and CPU over repeats, then each SQL statement it sends that reads
 * events, EXPLAINed (ANALYZE, BUFFERS, SUMMARY; jit off; the second of two on one warm
 * connection) with its planning and execution time and the monthly partitions it plans.
 */
const [url, caseId, email, password, repeatsArg] = process.argv.slice(2);
if (!url || !caseId || !email || !password) {
  console.error('usage: finding-plans.ts <database url> <case id> <email> <password> [repeats]');
  process.exit(2);
}
const repeats = Number(repeatsArg ?? 10);

// Every statement the app sends for one request, with its parameters.
const recorder = recordPgStatements();

const handle = openDatabase(url, { poolSize: 4 });
const app = await buildApp({ config: loadConfig({ DATABASE_URL: url }), database: handle });
const login = await app.inject({
  method: 'POST',
  url: '/api/app/auth/login',
  headers: { 'sec-fetch-site': 'same-origin' },
  payload: { email, password },
});
if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode}`);
const cookie = String(login.headers['set-cookie']).split(';')[0]!;

const explainer = new pg.Client({ connectionString: url });
await explainer.connect();
await explainer.query('set jit = off');

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const r1 = (n: number) => Math.round(n * 10) / 10;

for (const endpoint of FINDING_ENDPOINTS) {
  const get = () =>
    app.inject({
      method: 'GET',
      url: `/api/app/investigations/${caseId}/${endpoint}`,
      headers: { cookie },
    });
  const first = await get();
  if (first.statusCode !== 200) throw new Error(`${endpoint} answered ${first.statusCode}`);
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuStart);
  const sent = await recorder.during(get);
  times.sort((a, b) => a - b);
  console.log(
    `${endpoint}: p50 ${r1(pct(times, 50))} ms, p95 ${r1(pct(times, 95))} ms, node cpu ${r1((cpu.user + cpu.system) / 1000 / repeats)} ms/request, ${sent.length} statements`,
  );
  for (const statement of sent) {
    if (!/\bevents\b/.test(statement.text)) continue;
    const explain = `explain (analyze, buffers, summary, format json) ${statement.text}`;
    await explainer.query(explain, statement.values);
    const { rows } = await explainer.query<{ 'QUERY PLAN': Array<Record<string, unknown>> }>(
      explain,
      statement.values,
    );
    const top = rows[0]!['QUERY PLAN'][0]!;
    const planned = eventPartitionsOf(top.Plan as PlanNode);
    const planning = top['Planning'] as { 'Shared Hit Blocks'?: number } | undefined;
    console.log(
      `  planning ${r1(Number(top['Planning Time']))} ms (${planning?.['Shared Hit Blocks'] ?? 0} buffers), execution ${r1(Number(top['Execution Time']))} ms, partitions ${planned.size}: ${statement.text.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  }
}
await explainer.end();
await app.close();
await handle.close();
