import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU seconds (user + system, all threads) another process has used so far, from
 * /proc/<pid>/stat (Linux). The scale bench's Vigil processes run SQLite in-process, so on a
 * loaded machine their CPU, not the wall time, estimates what a quiet machine would take.
 * Undefined where /proc is missing.
 */
let ticksPerSecond: number | undefined;

export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime
    // are fields 14 and 15 of the line, 12 and 13 after the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??=
      Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
