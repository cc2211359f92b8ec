import { describe, expect, it } from 'vitest';

import {
  admit,
  ClientGoneError,
  OverloadedError,
  withAdmissionTicket,
} from '../../../src/server/db/admission';
import type { AdmissionTicket } from '../../../src/server/db/admission';
import { AdmissionLine } from '../../../src/server/db/admission-line';

function ticket(overrides: Partial<AdmissionTicket> = {}): AdmissionTicket {
  return {
    receivedAt: performance.now(),
    limitMs: 50,
    started: false,
    clientGone: () => false,
    ...overrides,
  };
}

/** Runs `work` as a request holding `t` would. */
function inRequest<T>(t: AdmissionTicket, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    withAdmissionTicket(t, () => void work().then(resolve, reject)),
  );
}

describe('admission of a request to the database', () => {
  it('does not start the work of a client that has gone', async () => {
    let acquired = false;
    const work = inRequest(ticket({ clientGone: () => true }), () =>
      admit(
        async () => (acquired = true),
        () => undefined,
      ),
    );
    await expect(work).rejects.toBeInstanceOf(ClientGoneError);
    expect(acquired).toBe(false);
  });

  it('refuses a first wait past the limit and hands the late connection back', async () => {
    let resolveLate!: (value: string) => void;
    const released: string[] = [];
    const work = inRequest(ticket(), () =>
      admit(
        () => new Promise<string>((resolve) => (resolveLate = resolve)),
        (connection) => released.push(connection),
      ),
    );
    await expect(work).rejects.toBeInstanceOf(OverloadedError);
    resolveLate('connection-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['connection-1']);
  });

  it('bounds only the first wait: a started request waits as long as it must', async () => {
    const t = ticket({ limitMs: 10 });
    const result = await inRequest(t, async () => {
      await admit(
        async () => 'first',
        () => undefined,
      );
      return admit(
        () => new Promise<string>((resolve) => setTimeout(() => resolve('second'), 40)),
        () => undefined,
      );
    });
    expect(t.started).toBe(true);
    expect(result).toBe('second');
  });

  it('leaves work outside any request unbounded', async () => {
    const value = await admit(
      () => new Promise<string>((resolve) => setTimeout(() => resolve('job'), 30)),
      () => undefined,
    );
    expect(value).toBe('job');
  });

  it('keeps the full limit while the line of newcomers empties now and then', async () => {
    const line = new AdmissionLine(40);
    const t = ticket({ limitMs: 100, overloadLimitMs: 10 });
    const value = await inRequest(t, () =>
      admit(
        () => new Promise<string>((resolve) => setTimeout(() => resolve('served'), 30)),
        () => undefined,
        line,
      ),
    );
    expect(value).toBe('served');
    expect(line.standing()).toBe(false);
  });

  it('shortens the wait to the overload limit once the line has stood', async () => {
    const line = new AdmissionLine(20);
    let free!: (value: string) => void;
    const held = new Promise<string>((resolve) => (free = resolve));
    // The first newcomer waits with the full limit and keeps the line standing.
    const first = inRequest(ticket({ limitMs: 1_000, overloadLimitMs: 10 }), () =>
      admit(
        () => held,
        () => undefined,
        line,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(line.standing()).toBe(true);
    const arrived = performance.now();
    const second = inRequest(ticket({ limitMs: 1_000, overloadLimitMs: 10 }), () =>
      admit(
        () => new Promise<string>(() => undefined),
        () => undefined,
        line,
      ),
    );
    const refused = await second.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OverloadedError);
    expect((refused as OverloadedError).limitMs).toBe(10);
    expect(performance.now() - arrived).toBeLessThan(500);
    free('served');
    expect(await first).toBe('served');
    expect(line.standing()).toBe(false);
  });

  it('hands back a connection granted after the client left, and does not start', async () => {
    let gone = false;
    const t = ticket({ limitMs: 1_000, clientGone: () => gone });
    let grant!: (value: string) => void;
    const released: string[] = [];
    const work = inRequest(t, () =>
      admit(
        () => new Promise<string>((resolve) => (grant = resolve)),
        (connection) => released.push(connection),
      ),
    );
    gone = true;
    grant('connection-1');
    await expect(work).rejects.toBeInstanceOf(ClientGoneError);
    expect(released).toEqual(['connection-1']);
    expect(t.started).toBe(false);
  });
});
