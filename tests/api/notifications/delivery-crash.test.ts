import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { dueDeliveryIds } from '../../../src/server/db/queries/notification-deliveries';
import { attemptDelivery } from '../../../src/server/notify/send-delivery';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { startHttpReceiver, type HttpReceiver } from './support/receivers';
import { raiseAlertByIngest, somePerson } from './support/raise-alert';

const key = randomBytes(32).toString('hex');
let t: TestApp;
let admin: ApiClient;
let web: HttpReceiver;
let databaseUrl: string;
let tempDir: string | null = null;

/** SQLite in a file (the child process must see it); PostgreSQL in the test's own schema. */
beforeAll(async () => {
  web = await startHttpReceiver();
  const config = { secretKey: key, allowHttpConnectors: true };
  if (testDialect() === 'sqlite') {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-notify-crash-'));
    databaseUrl = path.join(tempDir, 'vigil.db');
    const handle = openDatabase(databaseUrl);
    await migrateToLatest(handle.db, handle.dialect);
    await handle.close();
    t = await startTestApp(config, { databaseUrl });
  } else {
    databaseUrl = inject('pgUrl');
    t = await startTestApp(config);
  }
  admin = await t.signInAs('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await web?.close();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

/** Sends the delivery in another process, killed (SIGKILL) between sending and recording. */
function sendThenDie(deliveryId: string): Promise<NodeJS.Signals | null> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/api/notifications/support/send-then-die.ts',
      databaseUrl,
      t.database.schema ?? '-',
      deliveryId,
      key,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
}

describe('a sender killed mid-delivery', () => {
  it('sends it again once, with the same delivery id, after its claim lapses', async () => {
    const channel = await admin.post('/notifications/channels', {
      kind: 'webhook',
      name: 'Crash receiver',
      settings: { url: `${web.url}/crash`, secret: 'a-webhook-secret-of-32-characters' },
    });
    expect(channel.status).toBe(201);
    const rule = await admin.post('/notifications/rules', {
      name: 'Everything',
      enabled: true,
      trigger: { kind: 'alert', minSeverity: 'low' },
      channelIds: [channel.body.id],
    });
    expect(rule.status).toBe(201);
    const person = await somePerson(t);
    await raiseAlertByIngest(t, person.email);
    const [id] = await dueDeliveryIds(t.db, Date.now(), 10);
    expect(id).toBeDefined();

    expect(await sendThenDie(id!)).toBe('SIGKILL');
    const first = web.received.filter((r) => r.path === '/crash');
    expect(first).toHaveLength(1);
    expect(first[0]!.headers['x-vigil-delivery']).toBe(id);
    const stranded = await t.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(stranded).toMatchObject({ status: 'pending', attempts: 0 });
    // Held by the dead process's claim for now: nobody sends it meanwhile.
    expect(await dueDeliveryIds(t.db, Date.now(), 10)).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const deps = t.app.notifications.deps;
    for (const due of await dueDeliveryIds(t.db, Date.now(), 10)) {
      await attemptDelivery(deps, due);
    }
    for (const due of await dueDeliveryIds(t.db, Date.now() + 60_000, 10)) {
      await attemptDelivery(deps, due);
    }
    const all = web.received.filter((r) => r.path === '/crash');
    expect(all).toHaveLength(2);
    expect(all.map((r) => r.headers['x-vigil-delivery'])).toEqual([id, id]);
    expect(JSON.parse(all[1]!.body).id).toBe(id);
    const done = await admin.get('/notifications/deliveries', { channel: channel.body.id });
    expect(done.body.deliveries).toEqual([
      expect.objectContaining({ id, status: 'delivered', attempts: 1 }),
    ]);
  }, 60_000);
});
