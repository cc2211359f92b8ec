import { randomUUID } from 'node:crypto';
import os from 'node:os';

/** A process that may own runs: where it runs, its pid, and an id of its own. */
export interface ProcessIdentity {
  hostname: string;
  pid: number;
  /** Random per process: a pid is reused (a container's process is always pid 1), this is not. */
  instance: string;
}

/** This process, as its runs name it. */
export const THIS_PROCESS: ProcessIdentity = {
  hostname: os.hostname(),
  pid: process.pid,
  instance: randomUUID(),
};

/** When this process started, in epoch ms (files older than that are not its own). */
export const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

/** The owner written on a run: `host/pid/instance`, readable by whoever looks at the table. */
export function ownerTag(identity: ProcessIdentity = THIS_PROCESS): string {
  return `${identity.hostname}/${identity.pid}/${identity.instance}`;
}

/** Reads an owner tag back; null for anything else (a run from before owners were kept). */
export function parseOwnerTag(tag: string | null): ProcessIdentity | null {
  const match = tag === null ? null : /^(.*)\/(\d+)\/([^/]+)$/.exec(tag);
  if (!match) return null;
  return { hostname: match[1]!, pid: Number(match[2]), instance: match[3]! };
}

/**
 * Whether a process of this machine is alive. Signal 0 checks without signalling: ESRCH means
 * no such process; EPERM means it exists but belongs to another user, so it is alive.
 */
export function isPidAlive(pid: number): boolean {
  // 0 and negative numbers address process groups, not a process.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
