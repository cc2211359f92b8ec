import fs from 'node:fs';

import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * A profiling aid for the benches: times every SQL statement the process runs, summed by its
 * text. On SQLite the CPU is the process's around each better-sqlite3 call (SQLite runs in
 * it); on PostgreSQL it is the backend's, read from /proc/<backend pid>/stat around each query
 * (10 ms ticks: meaningful summed, not for one short statement). Call `startSqlTimes` before
 * the work and `sqlTimesReport` after it. With SQL_FULL=FILE, the report also writes
 * the full text and parameters of the statements it lists to FILE as JSON, to replay them.
 */
interface Tally {
  count: number;
  wallMs: number;
  cpuMs: number;
}

const tallies = new Map<string, Tally>();
let patched = false;

function keyOf(source: string): string {
  return source.replace(/\s+/g, ' ').trim().slice(0, 160);
}

const fullText = new Map<string, { source: string; params: unknown }>();
function add(source: string, wallMs: number, cpuMs: number, params?: unknown): void {
  const key = keyOf(source);
  if (process.env.SQL_FULL) fullText.set(key, { source, params });
  const tally = tallies.get(key) ?? { count: 0, wallMs: 0, cpuMs: 0 };
  tally.count++;
  tally.wallMs += wallMs;
  tally.cpuMs += cpuMs;
  tallies.set(key, tally);
}

function patchSqlite(): void {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['all', 'run', 'get'] as const) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const used = process.cpuUsage(cpu);
        add(this.source, performance.now() - t0, (used.user + used.system) / 1000, args);
      }
    };
  }
}

/** Clock ticks (10 ms) a backend has used, or 0 when its /proc entry cannot be read. */
function backendTicks(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function patchPostgres(): void {
  const proto = pg.Client.prototype as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const original = proto.query;
  proto.query = function (this: { processID?: number }, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    if (typeof args[args.length - 1] === 'function') return original.apply(this, args);
    const pid = this.processID;
    const ticks = backendTicks(pid);
    const t0 = performance.now();
    const result = original.apply(this, args) as Promise<unknown>;
    const values = (first as { values?: unknown } | null)?.values ?? args[1];
    const done = () => add(text, performance.now() - t0, (backendTicks(pid) - ticks) * 10, values);
    return result.then(
      (value) => {
        done();
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  };
}

/** Starts (or restarts) timing every statement. */
export function startSqlTimes(): void {
  if (!patched) {
    patchSqlite();
    patchPostgres();
    patched = true;
  }
  tallies.clear();
}

/** The statements that cost most CPU since the start, as lines to print. */
export function sqlTimesReport(top = 25): string[] {
  const rows = [...tallies].sort((a, b) => b[1].cpuMs - a[1].cpuMs).slice(0, top);
  const total = [...tallies.values()].reduce(
    (sum, t) => ({ wallMs: sum.wallMs + t.wallMs, cpuMs: sum.cpuMs + t.cpuMs }),
    { wallMs: 0, cpuMs: 0 },
  );
  if (process.env.SQL_FULL)
    fs.writeFileSync(process.env.SQL_FULL, JSON.stringify(rows.map(([key]) => fullText.get(key))));
  return [
    `  all statements: ${Math.round(total.wallMs)} ms wall, ${Math.round(total.cpuMs)} ms CPU`,
    ...rows.map(
      ([key, t]) =>
        `  ${String(Math.round(t.cpuMs)).padStart(6)} ms CPU ${String(Math.round(t.wallMs)).padStart(6)} ms wall x${t.count}  ${key}`,
    ),
  ];
}
