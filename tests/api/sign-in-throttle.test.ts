import { randomUUID } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/accounts/passwords';
import { loadConfig } from '../../src/server/config';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import type { Database } from '../../src/server/db/schema';
import { openSharedDatabase } from './support/shared-database';
import { HOST, ORIGIN, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const PASSWORD = 'the-right-password-42';
const WAIT_SENTENCE =
  /^Too many failed sign-in attempts\. Wait \d+ (seconds?|minutes?) and try again\.$/;

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await startTestApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await t.close();
});
// A frozen clock: parallel requests all arrive at one instant, and waits pass when we say so.
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Date.now();
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});
function advance(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}

async function createUser(db: Kysely<Database>): Promise<{ id: string; email: string }> {
  const user = { id: randomUUID(), email: `target-${randomUUID().slice(0, 8)}@vigil.test` };
  await insertUserIfAbsent(db, { ...user, displayName: 'Target', passwordHash, now: Date.now() }, [
    'analyst',
  ]);
  return user;
}

/** A sign-in from a given client address. */
async function signInFrom(app: FastifyInstance, address: string, email: string, password: string) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/app/auth/login',
    remoteAddress: address,
    headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  return {
    status: reply.statusCode,
    message: reply.json<{ message?: string }>().message,
    retryAfter: reply.headers['retry-after'],
  };
}

/** How many passwords were checked for an account: each check writes one audit entry. */
async function verifications(db: Kysely<Database>, user: { id: string; email: string }) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where((eb) =>
      eb.or([
        eb.and([eb('action', '=', 'auth.login_failed'), eb('actor_email', '=', user.email)]),
        eb.and([eb('action', '=', 'auth.login'), eb('target_id', '=', user.id)]),
      ]),
    )
    .execute();
  return rows.length;
}

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('sign-in throttling', () => {
  it('checks at most five of 100 parallel wrong guesses, and refuses the right password after them', async () => {
    const user = await createUser(t.db);
    const guesses = Array.from({ length: 100 }, (_, i) =>
      signInFrom(t.app, '198.51.100.7', user.email, `guess-${i}`),
    );
    const right = signInFrom(t.app, '198.51.100.7', user.email, PASSWORD);
    const replies = await Promise.all([...guesses, right]);
    expect(tally(replies.map((r) => r.status))).toEqual({ 401: 5, 429: 96 });
    expect(await verifications(t.db, user)).toBe(5);
    const refused = replies.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(WAIT_SENTENCE);
    expect(refused.message).toBe(
      'Too many failed sign-in attempts. Wait 30 seconds and try again.',
    );
    expect(refused.retryAfter).toBe('30');
  });

  it('checks at most 30 of 100 parallel guesses from one address at 100 accounts', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signInFrom(t.app, '203.0.113.30', `sprayed-${i}@vigil.test`, 'Winter2024!'),
      ),
    );
    expect(tally(replies.map((r) => r.status))).toEqual({ 401: 30, 429: 70 });
    const checked = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('action', '=', 'auth.login_failed')
      .where('ip', '=', '203.0.113.30')
      .executeTakeFirstOrThrow();
    expect(Number(checked.n)).toBe(30);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const user = await createUser(t.db);
    for (let i = 1; i <= 5; i++) {
      const from = `2001:db8:7:7::${i}`;
      expect((await signInFrom(t.app, from, user.email, `guess-${i}`)).status).toBe(401);
    }
    expect((await signInFrom(t.app, '2001:db8:7:7:ff::9', user.email, PASSWORD)).status).toBe(429);
    expect((await signInFrom(t.app, '2001:db8:7:8::1', user.email, PASSWORD)).status).toBe(200);
  });

  it('never holds the real user up elsewhere for an attacker at one address', async () => {
    const user = await createUser(t.db);
    const attack = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signInFrom(t.app, '198.51.100.66', user.email, `guess-${i}`),
      ),
    );
    expect(attack.filter((r) => r.status === 401)).toHaveLength(5);
    // The attacker's address waits, even with the right password ...
    expect((await signInFrom(t.app, '198.51.100.66', user.email, PASSWORD)).status).toBe(429);
    // ... the user at an address never seen before does not.
    expect((await signInFrom(t.app, '192.0.2.10', user.email, PASSWORD)).status).toBe(200);
  });

  it('slows a new address after guesses spread over many addresses, but never the user at their own', async () => {
    const user = await createUser(t.db);
    expect((await signInFrom(t.app, '192.0.2.20', user.email, PASSWORD)).status).toBe(200);
    // 20 guesses (the account-wide allowance) from 20 addresses, one each.
    const spread = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signInFrom(t.app, `198.18.0.${i + 1}`, user.email, `guess-${i}`),
      ),
    );
    expect(spread.every((r) => r.status === 401)).toBe(true);
    const stranger = await signInFrom(t.app, '192.0.2.99', user.email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.retryAfter).toBe('30');
    // The address the user signed in from is theirs: the account-wide counter does not apply.
    expect((await signInFrom(t.app, '192.0.2.20', user.email, PASSWORD)).status).toBe(200);
    // A delay, not a lockout: after the wait a new address may try again.
    advance(30_000);
    expect((await signInFrom(t.app, '192.0.2.99', user.email, PASSWORD)).status).toBe(200);
  });

  it('doubles the wait after the free attempts and starts again after a successful sign-in', async () => {
    const user = await createUser(t.db);
    const from = (password: string) => signInFrom(t.app, '198.51.100.9', user.email, password);
    for (let i = 0; i < 5; i++) expect((await from(`wrong-${i}`)).status).toBe(401);
    for (const wait of [30, 60, 120, 240]) {
      const refused = await from(PASSWORD);
      expect([refused.status, refused.retryAfter]).toEqual([429, String(wait)]);
      advance(wait * 1000 - 1);
      expect((await from(PASSWORD)).status).toBe(429);
      advance(1);
      expect((await from(`wrong-after-${wait}`)).status).toBe(401);
    }
    const longer = await from(PASSWORD);
    expect([longer.retryAfter, longer.message]).toEqual([
      '480',
      'Too many failed sign-in attempts. Wait 8 minutes and try again.',
    ]);
    advance(480_000);
    expect((await from(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await from(`wrong-again-${i}`)).status).toBe(401);
    expect((await from(PASSWORD)).status).toBe(429);
  });

  it('forgets counters an hour after their last attempt and prunes their rows', async () => {
    const keys = async () =>
      (await t.db.selectFrom('sign_in_attempts').select('key').execute()).map((r) => r.key);
    const existing = new Set(await keys());
    const user = await createUser(t.db);
    const from = (email: string, password: string) =>
      signInFrom(t.app, '198.51.100.77', email, password);
    expect((await from(user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await from(`nobody-${i}@vigil.test`, 'x');
      await from(user.email, `wrong-${i}`);
    }
    expect((await from(user.email, PASSWORD)).status).toBe(429);
    const mine = (await keys()).filter((key) => !existing.has(key));
    const kinds = (list: string[]) => new Set(list.map((key) => key.split(':')[0]));
    expect(kinds(mine)).toEqual(new Set(['known', 'account-at-address', 'address', 'account']));

    advance(60 * 60_000);
    // Attempts anywhere prune what has expired, a bounded number of rows each.
    for (let i = 0; i < 3; i++) await signInFrom(t.app, '198.51.100.78', `other-${i}@x.test`, 'x');
    const after = new Set(await keys());
    // The counters are gone; the address remembered for 30 days stays.
    expect(kinds(mine.filter((key) => after.has(key)))).toEqual(new Set(['known']));
    expect((await from(user.email, PASSWORD)).status).toBe(200);
  });
});

describe('two Vigil processes on one database', () => {
  it('share the sign-in counters', async () => {
    const [first, second] = await openSharedDatabase();
    const config = { ...loadConfig({}), demoData: false };
    const a = await buildApp({ config, database: first });
    const b = await buildApp({ config, database: second });
    try {
      const user = await createUser(first.db);
      const guess = (app: FastifyInstance, i: number) =>
        signInFrom(app, '198.51.100.20', user.email, `guess-${i}`);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await guess(a, i)).status);
      for (let i = 3; i < 6; i++) statuses.push((await guess(b, i)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await signInFrom(a, '198.51.100.20', user.email, PASSWORD)).status).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('failed sign-ins in the audit log', () => {
  it('record an identifier that matches no account by a digest, never as typed', async () => {
    const auditor = await t.signInAs('auditor');
    const typed = 'Correct-Horse-Battery-9';
    await signInFrom(t.app, '198.51.100.40', typed, 'whatever');
    await signInFrom(t.app, '198.51.100.41', typed, 'something else');
    const user = await createUser(t.db);
    await signInFrom(t.app, '198.51.100.40', user.email, 'not it');

    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.login_failed')
      .where('ip', 'in', ['198.51.100.40', '198.51.100.41'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(3);
    const [first, second, known] = rows;
    for (const row of [first, second]) {
      expect(JSON.stringify(row).toLowerCase()).not.toContain(typed.toLowerCase());
      expect(row!.actor_email).toMatch(/^unknown:[0-9a-f]{32}$/);
    }
    // The same text gives the same digest, so repeated tries can still be told apart.
    expect(second!.actor_email).toBe(first!.actor_email);
    // A real account's failures keep its email.
    expect(known!.actor_email).toBe(user.email);
    // Nor do the throttling counters keep it.
    const keys = await t.db.selectFrom('sign_in_attempts').select('key').execute();
    expect(JSON.stringify(keys).toLowerCase()).not.toContain(typed.toLowerCase());
    // What auditors read through the API.
    const listed = await auditor.get('/audit', { action: 'auth.login_failed' });
    expect(JSON.stringify(listed.body).toLowerCase()).not.toContain(typed.toLowerCase());
  });
});
