import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { isPidAlive } from '../../../src/server/runs/this-process';
import {
  removeOrphanSpoolFiles,
  spoolFilePath,
} from '../../../src/server/ingest/pipeline/spool-files';

/** A pid that was alive a moment ago and is not any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-spool-test-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function spool(pid: number, modifiedAt?: Date): string {
  const name = `vigil-ingest-${pid}-${randomUUID()}`;
  fs.writeFileSync(path.join(dir, name), 'a copy of a pushed batch');
  if (modifiedAt) fs.utimesSync(path.join(dir, name), modifiedAt, modifiedAt);
  return name;
}

const remaining = () => fs.readdirSync(dir).sort();

describe('spool files left by pushes', () => {
  it('are named after the process that writes them', () => {
    expect(path.basename(spoolFilePath(dir))).toMatch(
      new RegExp(`^vigil-ingest-${process.pid}-[0-9a-f-]{36}$`),
    );
  });

  it('of a process that has gone are removed; those of live processes stay', async () => {
    const orphan = spool(deadPid());
    const ours = spool(process.pid);
    const parents = spool(process.ppid);
    fs.writeFileSync(path.join(dir, 'vigil-ingest-notes.txt'), 'not a spool file');
    fs.writeFileSync(path.join(dir, `other-${deadPid()}`), 'someone else’s');

    expect(await removeOrphanSpoolFiles(dir)).toEqual([orphan]);
    expect(remaining()).toEqual(
      [ours, parents, 'vigil-ingest-notes.txt', expect.stringMatching(/^other-/)].sort(),
    );
  });

  it('of this pid but older than this process are an earlier process’s (a restarted container) and go', async () => {
    const earlier = spool(process.pid, new Date(Date.now() - 3_600_000));
    const current = spool(process.pid);
    expect(await removeOrphanSpoolFiles(dir, { startedAt: Date.now() - 60_000 })).toEqual([
      earlier,
    ]);
    expect(remaining()).toEqual([current]);
  });

  it('of a process that exists but belongs to another user stay: EPERM means alive', async () => {
    const theirs = spool(4_000_000);
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    });
    try {
      expect(isPidAlive(4_000_000)).toBe(true);
      expect(await removeOrphanSpoolFiles(dir)).toEqual([]);
    } finally {
      kill.mockRestore();
    }
    expect(remaining()).toEqual([theirs]);
    expect(isPidAlive(deadPid())).toBe(false);
  });
});
