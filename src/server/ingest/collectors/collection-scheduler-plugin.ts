import fp from 'fastify-plugin';

import { listDueCollections } from '../../db/queries/integration-collections';
import { backgroundLoop } from '../../runs/background-loop';
import { ownerTag } from '../../runs/this-process';
import type { CollectDeps } from './collect-once';
import { collectOnce } from './collect-once';

/** Options for tests: a faster tick, a shorter lease, another owner, faults. */
export interface SchedulerOptions {
  tickMs?: number;
  leaseMs?: number;
  owner?: string;
  faults?: CollectDeps['faults'];
}

/** How often due collections are looked for. */
const TICK_MS = 1000;
/** A lease not renewed for this long has lost its process (renewed every third of it). */
const LEASE_MS = 60_000;
/** Due collections taken per look. */
const BATCH = 8;

/**
 * Polls every enabled collection at its interval, in this process, one at a time. Several
 * processes on one PostgreSQL share the work: a collection is polled by the process holding its
 * lease. Closing stops between pages (each page is committed with its cursor) and waits.
 */
export const collectionSchedulerPlugin = fp<SchedulerOptions>(
  (app, options, done) => {
    const deps: CollectDeps = {
      database: app.database,
      secretBox: app.collection.secretBox,
      allowInsecure: app.config.allowHttpConnectors,
      owner: options.owner ?? ownerTag(),
      leaseMs: options.leaseMs ?? LEASE_MS,
      log: app.log,
      stopping: () => loop.stopping(),
      ...(options.faults ? { faults: options.faults } : {}),
    };
    const loop = backgroundLoop(app, {
      name: 'collection scheduler',
      everyMs: options.tickMs ?? TICK_MS,
      pass: async () => {
        for (const id of await listDueCollections(app.db, Date.now(), BATCH)) {
          if (loop.stopping()) return;
          await collectOnce(deps, id).catch((error: unknown) =>
            app.log.error({ err: error, integrationId: id }, 'collection could not run'),
          );
        }
      },
    });
    app.collection.setWaker(loop.wake);
    done();
  },
  { name: 'vigil-collection-scheduler', dependencies: ['vigil-db', 'vigil-collection'] },
);
