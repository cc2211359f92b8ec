import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

import { processCpuSeconds } from '../../bench/process-cpu';

// The scale bench reads its Vigil processes' CPU from /proc: on Linux only.
describe.runIf(fs.existsSync('/proc/self/stat'))('processCpuSeconds', () => {
  it('reads a process CPU as process.cpuUsage counts it, and sees it grow', () => {
    // Spins until this thread has used `seconds` of CPU (not of wall time: the machine is shared).
    const spin = (seconds: number) => {
      const from = process.cpuUsage();
      while (true) {
        const used = process.cpuUsage(from);
        if ((used.user + used.system) / 1e6 >= seconds) return;
        for (let i = 0; i < 10_000; i++) Math.sqrt(Math.random());
      }
    };
    spin(0.05);
    const before = processCpuSeconds(process.pid)!;
    const own = process.cpuUsage();
    // All threads count in /proc (the worker pool, the GC): never less than the main thread's.
    expect(before).toBeGreaterThanOrEqual((own.user + own.system) / 1e6 - 0.05);
    spin(0.3);
    expect(processCpuSeconds(process.pid)! - before).toBeGreaterThan(0.1);
  });

  it('answers undefined without a pid or for a process that is gone', () => {
    expect(processCpuSeconds(undefined)).toBeUndefined();
    expect(processCpuSeconds(2 ** 30)).toBeUndefined();
  });
});
