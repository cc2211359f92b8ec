import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { isPidAlive, PROCESS_STARTED_AT } from '../../runs/this-process';

/*
 * A large push is copied to a spool file before it is parsed (reading-plan.ts). The file is
 * named after the process that wrote it, so that what a killed process left behind can be
 * told from what a live one is still reading.
 */

const SPOOL_NAME =
  /^vigil-ingest-(\d+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new spool file's path for this process: `vigil-ingest-<pid>-<uuid>` in the temp folder. */
export function spoolFilePath(dir: string = os.tmpdir()): string {
  return path.join(dir, `vigil-ingest-${process.pid}-${randomUUID()}`);
}

/** Who is alive, for the cleanup; tests pass their own. */
export interface SpoolOwnerCheck {
  pidAlive?: (pid: number) => boolean;
  /** When this process started: a file of its pid older than that is an earlier process's. */
  startedAt?: number;
}

function ownerIsAlive(pid: number, modifiedAt: number, check: SpoolOwnerCheck): boolean {
  // Our own pid: ours unless older than us (a container's process is pid 1 at every start).
  if (pid === process.pid) return modifiedAt >= (check.startedAt ?? PROCESS_STARTED_AT);
  return (check.pidAlive ?? isPidAlive)(pid);
}

/**
 * Removes the spool files in `dir` whose process is gone (a killed push leaves its copy, as
 * large as the batch); a file of a live process is being read and stays. Returns the names
 * removed. Other files are never touched.
 */
export async function removeOrphanSpoolFiles(
  dir: string = os.tmpdir(),
  check: SpoolOwnerCheck = {},
): Promise<string[]> {
  const removed: string[] = [];
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = SPOOL_NAME.exec(name);
    if (!match) continue;
    const file = path.join(dir, name);
    try {
      const stat = await fs.promises.lstat(file);
      if (!stat.isFile() || ownerIsAlive(Number(match[1]), stat.mtimeMs, check)) continue;
      await fs.promises.rm(file, { force: true });
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove (another user's temp file): leave it.
    }
  }
  return removed;
}
