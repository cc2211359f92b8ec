import fp from 'fastify-plugin';

import { listDueCollections } from '../../db/queries/integration-collections';
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
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let running = false;
    let again = false;
    let current: Promise<void> = Promise.resolve();
    const deps: CollectDeps = {
      database: app.database,
      secretBox: app.collection.secretBox,
      allowInsecure: app.config.allowHttpConnectors,
      owner: options.owner ?? ownerTag(),
      leaseMs: options.leaseMs ?? LEASE_MS,
      log: app.log,
      stopping: () => stopped,
      ...(options.faults ? { faults: options.faults } : {}),
    };
    const schedule = (ms: number) => {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, ms);
      timer.unref();
    };
    const pass = async () => {
      for (const id of await listDueCollections(app.db, Date.now(), BATCH)) {
        if (stopped) return;
        await collectOnce(deps, id).catch((error: unknown) =>
          app.log.error({ err: error, integrationId: id }, 'collection could not run'),
        );
      }
    };
    function tick() {
      timer = null;
      if (running) {
        again = true;
        return;
      }
      running = true;
      current = pass()
        .catch((error: unknown) => app.log.error({ err: error }, 'collection scheduler failed'))
        .finally(() => {
          running = false;
          const soon = again;
          again = false;
          schedule(soon ? 0 : (options.tickMs ?? TICK_MS));
        });
    }
    app.collection.setWaker(() => schedule(0));
    app.addHook('onReady', () => {
      schedule(0);
      return Promise.resolve();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    });
    done();
  },
  { name: 'vigil-collection-scheduler', dependencies: ['vigil-db', 'vigil-collection'] },
);
