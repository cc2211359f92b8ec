import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Peak memory of ingesting one big NDJSON file through the CLI, in a child process. */
export interface MemoryResult {
  bytes: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  peakRssMb: number;
  exitCode: number | null;
}

const GIB = 1024 ** 3;

/**
 * Writes about `bytes` of normalized-event NDJSON, cycling through `templates` (normalized
 * records) with fresh ids and times, so every line is a distinct event.
 */
export function writeNormalizedFile(
  file: string,
  templates: readonly Record<string, unknown>[],
  bytes = GIB,
): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let count = 0;
  let buffer = '';
  try {
    while (written < bytes) {
      const template = templates[count % templates.length]!;
      const round = Math.floor(count / templates.length);
      const line = `${JSON.stringify({ ...template, sourceEventId: `${String(template.sourceEventId)}:${round}`, time: (template.time as number) - round * 60_000 })}\n`;
      buffer += line;
      written += Buffer.byteLength(line);
      count += 1;
      if (buffer.length >= 1 << 20) {
        fs.writeSync(fd, buffer);
        buffer = '';
      }
    }
    fs.writeSync(fd, buffer);
  } finally {
    fs.closeSync(fd);
  }
  return count;
}

/** Reads a process's peak resident set (VmHWM) from /proc, in kB; 0 when gone. */
function peakRssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Streams the file through `npm run ingest` (the CLI path) into a fresh SQLite database in a
 * child process, sampling its peak RSS every 200 ms; the database is deleted afterwards.
 */
export async function ingestFileInChild(file: string, events: number): Promise<MemoryResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-memory-'));
  const started = performance.now();
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli/ingest.ts',
        '--source',
        'normalized',
        '--quiet',
        '--database',
        path.join(dir, 'memory.db'),
        file,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, peakRssKb(child.pid ?? 0));
    }, 200);
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    return {
      bytes: fs.statSync(file).size,
      events,
      seconds: Math.round(seconds * 10) / 10,
      eventsPerSecond: Math.round(events / seconds),
      peakRssMb: Math.round(peak / 1024),
      exitCode,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Stored attributes: text from SQLite, already parsed from PostgreSQL's jsonb. */
function readAttributes(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? {});
}

/** Normalized-event records (as the `normalized` parser reads them) from stored rows. */
export function normalizedTemplates(
  rows: readonly unknown[][],
  columns: readonly string[],
): Record<string, unknown>[] {
  const at = (name: string) => columns.indexOf(name);
  const get = (row: readonly unknown[], name: string) => row[at(name)] ?? null;
  return rows.map((row) => {
    const file = get(row, 'file_name') ?? get(row, 'file_id');
    return {
      source: get(row, 'source'),
      sourceEventId: get(row, 'source_event_id'),
      time: get(row, 'time'),
      activity: get(row, 'activity'),
      action: get(row, 'action'),
      outcome: get(row, 'outcome'),
      actorEmail: get(row, 'actor_email'),
      actorId: get(row, 'actor_id'),
      app: get(row, 'app'),
      ip: get(row, 'ip'),
      location: get(row, 'location'),
      repository: get(row, 'repository'),
      target: get(row, 'target'),
      ...(file !== null
        ? {
            file: {
              id: get(row, 'file_id'),
              name: get(row, 'file_name'),
              path: get(row, 'file_path'),
              label: get(row, 'file_label'),
            },
          }
        : {}),
      attributes: readAttributes(get(row, 'attributes')),
    };
  });
}
