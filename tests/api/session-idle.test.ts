import os from 'node:os';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../../src/server/accounts/session-token';
import { lookupSession, startSession } from '../../src/server/accounts/sessions';
import { Housekeeping } from '../../src/server/startup/crash-recovery/housekeeping';
import { startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// A one-minute idle limit, with the clock in the test's hands (the session code takes `now`).
const policy = { idleMs: 60_000, absoluteMs: 12 * 3_600_000 };

async function newSession(start: number) {
  const user = await t.signInAs('analyst');
  const { token } = await startSession(t.db, user.user!.id, policy, {
    now: start,
    ip: null,
    userAgent: null,
  });
  return (at: number) => lookupSession(t.db, token, policy, at);
}

describe('the idle limit', () => {
  it('holds from the last request: requests every 20 s keep a session alive past 60 s', async () => {
    const start = Date.now();
    const request = await newSession(start);
    for (let at = start + 20_000; at <= start + 200_000; at += 20_000) {
      expect({ at: at - start, status: (await request(at)).status }).toEqual({
        at: at - start,
        status: 'valid',
      });
    }
  });

  it('ends a session idle 61 s after its last request, and not at 59 s', async () => {
    const start = Date.now();
    const request = await newSession(start);
    const last = start + 30_500;
    expect((await request(start + 10_000)).status).toBe('valid');
    expect((await request(last)).status).toBe('valid');
    expect((await request(last + 59_000)).status).toBe('valid');
    // The request at 59 s was itself a request: the limit now runs from it.
    const latest = last + 59_000;
    expect((await request(latest + 61_000)).status).toBe('expired');
    expect((await request(latest + 61_001)).status).toBe('missing');
  });

  it('counts requests that came less than a second after the stored time', async () => {
    const start = Date.now();
    const request = await newSession(start);
    // Both come within a second of the last write, so neither is written ...
    expect((await request(start + 400)).status).toBe('valid');
    expect((await request(start + 900)).status).toBe('valid');
    // ... yet the limit still runs from the later one: alive 60 s after it.
    expect((await request(start + 900 + 60_000)).status).toBe('valid');
  });
});

describe('expired sessions', () => {
  it('are deleted by the housekeeping sweep, while live ones stay', async () => {
    const now = Date.now();
    const stale = await t.signInAs('analyst');
    const live = await t.signInAs('analyst');
    const idle = await startSession(t.db, stale.user!.id, policy, {
      now: now - 5 * 60_000,
      ip: null,
      userAgent: null,
    });
    const fresh = await startSession(t.db, live.user!.id, policy, {
      now,
      ip: null,
      userAgent: null,
    });
    const housekeeping = new Housekeeping(t.database, t.app.log, {
      sessionIdleMs: policy.idleMs,
      spoolDir: os.tmpdir(),
    });
    await housekeeping.start();
    await housekeeping.stop();
    const hashes = (await t.db.selectFrom('sessions').select('token_hash').execute()).map(
      (row) => row.token_hash,
    );
    expect(hashes).not.toContain(hashToken(idle.token));
    expect(hashes).toContain(hashToken(fresh.token));
  });
});
