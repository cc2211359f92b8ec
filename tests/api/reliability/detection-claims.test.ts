import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { claimDetectionWork } from '../../../src/server/db/queries/detection-queue';
import { Housekeeping } from '../../../src/server/startup/crash-recovery/housekeeping';
import { ownerTag } from '../../../src/server/runs/this-process';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

const MINUTE = 60_000;
const here = (pid: number) => ownerTag({ hostname: os.hostname(), pid, instance: randomUUID() });
const elsewhere = () => ownerTag({ hostname: 'vigil-b', pid: 4242, instance: randomUUID() });

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function claimed(owner: string, people: string[], ago = 0) {
  const now = Date.now();
  await t.db
    .insertInto('detection_queue')
    .values(
      people.map((id) => ({
        employee_id: id,
        from_time: now - 60 * MINUTE,
        to_time: now,
        queued_at: now - 2 * MINUTE,
        claimed_by: owner,
        claimed_at: now - ago,
      })),
    )
    .execute();
}

describe('people claimed for detection by a process that has gone', () => {
  it('go back to the queue at start, while live processes keep theirs', async () => {
    // A process of this machine that ran and is no longer there: kill -9 mid-detection.
    const dead = here(spawnSync(process.execPath, ['-e', '']).pid);
    const live = here(process.ppid);
    const remote = elsewhere();
    await claimed(dead, ['E1001', 'E1002', 'E1003'], MINUTE);
    await claimed(live, ['E1004'], MINUTE);
    await claimed(remote, ['E1005'], MINUTE);

    // Before: nobody else may take them for ten minutes.
    expect(
      await claimDetectionWork(t.db, t.dialect, 'probe', Date.now(), Date.now() - 10 * MINUTE, 50),
    ).toEqual([]);

    const housekeeping = new Housekeeping(t.database, t.app.log);
    await housekeeping.start();
    await housekeeping.stop();

    const rows = await t.db
      .selectFrom('detection_queue')
      .select(['employee_id', 'claimed_by'])
      .orderBy('employee_id')
      .execute();
    expect(rows).toEqual([
      { employee_id: 'E1001', claimed_by: null },
      { employee_id: 'E1002', claimed_by: null },
      { employee_id: 'E1003', claimed_by: null },
      { employee_id: 'E1004', claimed_by: live },
      { employee_id: 'E1005', claimed_by: remote },
    ]);
    const taken = await claimDetectionWork(
      t.db,
      t.dialect,
      'next',
      Date.now(),
      Date.now() - 10 * MINUTE,
      50,
    );
    expect(taken.map((work) => work.employeeId).sort()).toEqual(['E1001', 'E1002', 'E1003']);
  });
});
