import { randomUUID } from 'node:crypto';

import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/accounts/passwords';
import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';

/**
 * CPU time of one GET /investigations/{id} through app.inject (no sockets), on an in-memory
 * SQLite database: a quick way to see what a change to the request path costs. Not part of
 * `npm run bench`; run it with `node --import tsx tests/bench/request-cost.ts`.
 */
const handle = openDatabase('sqlite::memory:');
await migrateToLatest(handle.db, 'sqlite');
await seedDemoEmployees(handle.db);
await insertUserIfAbsent(
  handle.db,
  {
    id: randomUUID(),
    email: 'b@v.t',
    displayName: 'B',
    passwordHash: await hashPassword('pw-pw-pw-pw-pw'),
    now: Date.now(),
  },
  ['analyst'],
);
const app = await buildApp({ config: loadConfig({}), database: handle });
const headers = { host: 'x', origin: 'http://x', 'content-type': 'application/json' };
const login = await app.inject({
  method: 'POST',
  url: '/api/app/auth/login',
  headers,
  payload: { email: 'b@v.t', password: 'pw-pw-pw-pw-pw' },
});
const cookie = `vigil_session=${login.cookies[0]!.value}`;
const created = await app.inject({
  method: 'POST',
  url: '/api/app/investigations',
  headers: { ...headers, cookie },
  payload: { title: 't', subjectEmployeeId: 'E1002' },
});
const id = created.json<{ id: string }>().id;
for (const n of [500, 5000]) {
  const started = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < n; i++)
    await app.inject({ method: 'GET', url: `/api/app/investigations/${id}`, headers: { cookie } });
  const cpu = process.cpuUsage(started);
  console.log(
    `${n} requests: ${((performance.now() - wall) / n).toFixed(3)} ms wall, ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms CPU each`,
  );
}
await app.close();
