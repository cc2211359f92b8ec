import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * `npm test`: every check, with a summary. Typecheck, lint, import boundaries
 * (dependency-cruiser: no circles, one-way imports), formatting, unit tests, API tests on SQLite
 * and PostgreSQL, the production build, and the end-to-end journeys in Chromium.
 *
 * Each of these is one busy process at a time (tsc, ESLint and Prettier are single-threaded;
 * Vitest runs one file at a time on 2 cores; a journey waits on the browser, which waits on
 * the server), so the steps run side by side, two at once by default (VIGIL_TEST_JOBS): the
 * longest first, the API tests beside the build and the journeys, then the short checks in
 * the slot the API tests free. A step's output is printed whole when it ends, so the log
 * reads step by step.
 */
interface Step {
  name: string;
  command: string[];
  /** Steps that must have passed first (the journeys run the built client). */
  needs?: string[];
}

const steps: Step[] = [
  {
    name: 'API tests (SQLite and PostgreSQL)',
    command: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'api-sqlite',
      '--project',
      'api-postgres',
    ],
  },
  { name: 'build', command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  {
    name: 'end-to-end tests',
    command: [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
    ],
    needs: ['build'],
  },
  {
    name: 'typecheck',
    command: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'],
  },
  { name: 'lint', command: ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'] },
  {
    name: 'boundaries',
    command: [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      'src',
      '--config',
      '.dependency-cruiser.cjs',
    ],
  },
  {
    name: 'format',
    command: ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
  },
  { name: 'unit tests', command: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit'] },
];

const jobs = Math.max(1, Number(process.env.VIGIL_TEST_JOBS) || Math.min(2, os.cpus().length));

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
  skipped?: boolean;
  /** A failed step's lines that name what failed, repeated under the summary. */
  failures?: string[];
  /** Journeys that failed once and passed on their retry, repeated under the summary. */
  flaky?: string[];
}

/**
 * Lines of a failed step's output that say what failed (a long log may be cut at its head): the
 * error, the source line it points at (`> 14 |`) and where in a test file it was thrown.
 */
const FAILURE_LINE =
  /(\bFAIL\b|×|✘|✗|AssertionError|Error:|expected .* to |Timed out|timed out|^\s*>\s*\d+ \||^\s*at \S*tests\/\S+:\d+:\d+|^\s*\d+\) tests\/)/;

function failureLines(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  return [...new Set(plain.split('\n').filter((line) => FAILURE_LINE.test(line)))]
    .map((line) => line.trimEnd().slice(0, 300))
    .slice(0, 60);
}

/**
 * The journeys Playwright's list reporter names under "N flaky": each failed, then passed on its
 * retry. The step passes, but each is a fault to find, so the summary names them.
 */
function flakyLines(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /^\s*\d+ flaky\s*$/.test(line));
  if (start < 0) return [];
  const named: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line) || /^\s*\d+ (passed|failed|skipped|did not run)/.test(line)) break;
    named.push(line.trim());
  }
  return named;
}

/** Runs one step, its output (stdout and stderr in order) kept until it ends. */
function run(step: Step): Promise<Result> {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`▶ ${step.name}`);
    const child = spawn(process.execPath, step.command, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n■ ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      const text = Buffer.concat(output);
      process.stdout.write(text);
      resolve({
        name: step.name,
        ok,
        seconds,
        ...(!ok && { failures: failureLines(text.toString('utf8')) }),
        ...(ok && { flaky: flakyLines(text.toString('utf8')) }),
      });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

const started = Date.now();
const results = new Map<string, Result>();
const waiting = [...steps];
const running = new Set<Promise<void>>();

/** Starts every waiting step whose needs have passed, up to `jobs` at once, in list order. */
function startReady(): void {
  for (const step of [...waiting]) {
    const needs = step.needs ?? [];
    if (needs.some((name) => results.has(name) && !results.get(name)!.ok)) {
      waiting.splice(waiting.indexOf(step), 1);
      results.set(step.name, { name: step.name, ok: false, seconds: 0, skipped: true });
      continue;
    }
    if (running.size >= jobs || !needs.every((name) => results.get(name)?.ok)) continue;
    waiting.splice(waiting.indexOf(step), 1);
    const job: Promise<void> = run(step).then((result) => {
      results.set(step.name, result);
      running.delete(job);
    });
    running.add(job);
  }
}

startReady();
while (running.size > 0) {
  await Promise.race(running);
  startReady();
}

console.log(
  `\nSummary (${jobs} at a time, ${((Date.now() - started) / 1000).toFixed(1)} s in all)`,
);
for (const step of steps) {
  const r = results.get(step.name) ?? { name: step.name, ok: false, seconds: 0, skipped: true };
  console.log(
    `  ${r.skipped ? '–' : r.ok ? '✓' : '✗'} ${r.name}${r.skipped ? ' (skipped)' : ` (${r.seconds.toFixed(1)} s)`}`,
  );
}
for (const result of results.values()) {
  if (!result.failures?.length) continue;
  console.log(`\nWhat failed in ${result.name}:`);
  for (const line of result.failures) console.log(`  ${line.trim()}`);
}
for (const result of results.values()) {
  if (!result.flaky?.length) continue;
  console.log(`\nFailed once, passed on the retry, in ${result.name}:`);
  for (const line of result.flaky) console.log(`  ${line}`);
}
process.exit(steps.every((step) => results.get(step.name)?.ok) ? 0 : 1);
