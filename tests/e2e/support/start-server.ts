import fs from 'node:fs';

import { main } from '../../../src/server/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DB, E2E_PORT } from './env';

// A fresh database for every run: first-run admin and demo employees, nothing else.
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${E2E_DB}${suffix}`, { force: true });
Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATABASE_URL: E2E_DB,
  VIGIL_ADMIN_EMAIL: ADMIN_EMAIL,
  VIGIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
  VIGIL_PRETTY_LOGS: 'false',
  LOG_LEVEL: 'warn',
  // The collection journey polls a vendor simulator on 127.0.0.1.
  VIGIL_ALLOW_HTTP_CONNECTORS: 'true',
});
await main();
