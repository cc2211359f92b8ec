/*
 * A Vigil process that collects one integration and is killed (SIGKILL, as kill -9) inside the
 * transaction of its Nth page: the events and the cursor of that page are written but not
 * committed. Run with node --import tsx, given the database URL, the PostgreSQL schema (or
 * "-"), the integration id, the secret key and N.
 */
import type { FastifyBaseLogger } from 'fastify';

import { openDatabase } from '../../../../src/server/db/database';
import { collectOnce } from '../../../../src/server/ingest/collectors/collect-once';
import { SecretBox } from '../../../../src/server/ingest/collectors/secret-box';
import { ownerTag } from '../../../../src/server/runs/this-process';

const [url, schema, integrationId, key, killAt] = process.argv.slice(2);
const database = openDatabase(url, schema && schema !== '-' ? { schema } : {});
let pages = 0;
void collectOnce(
  {
    database,
    secretBox: new SecretBox({ key, keyFile: '/nonexistent' }),
    allowInsecure: true,
    owner: ownerTag(),
    leaseMs: 60_000,
    log: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
    stopping: () => false,
    faults: {
      insideTransaction() {
        pages += 1;
        if (pages === Number(killAt)) process.kill(process.pid, 'SIGKILL');
      },
    },
  },
  integrationId!,
);
