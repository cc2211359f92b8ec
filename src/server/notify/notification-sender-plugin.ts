import fp from 'fastify-plugin';

import { dueDeliveryIds } from '../db/queries/notification-deliveries';
import { longFailingCollections } from '../db/queries/notification-recipients';
import { backgroundLoop } from '../runs/background-loop';
import { queueNotification } from './queue-notification';
import { attemptDelivery, type SendDeps } from './send-delivery';

/** Options for tests: a faster tick, shorter waits, faults. */
export interface SenderOptions {
  tickMs?: number;
  retryBaseMs?: number;
  claimMs?: number;
  timeoutMs?: number;
  faults?: SendDeps['faults'];
}

/** How often due deliveries are looked for. */
const TICK_MS = 1000;
/** Due deliveries taken per look, sent side by side: one slow receiver does not hold the rest. */
const BATCH = 16;
/** A collector failing this long is told about (once per failure). */
export const COLLECTOR_FAILING_MS = 15 * 60_000;

/**
 * Sends the outbox in the background, apart from detection and requests: a slow or dead
 * receiver costs a sender slot for its timeout, never an ingest or a reply. Also notices
 * collectors failing for more than 15 minutes. Several processes may run it: a delivery is
 * held by one claim at a time. Closing waits for the attempts under way.
 */
export const notificationSenderPlugin = fp<SenderOptions>(
  (app, options, done) => {
    const deps: SendDeps = {
      ...app.notifications.deps,
      ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}),
      ...(options.claimMs !== undefined ? { claimMs: options.claimMs } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.faults ? { faults: options.faults } : {}),
    };
    const noticeFailingCollectors = async (now: number) => {
      for (const row of await longFailingCollections(app.db, now - COLLECTOR_FAILING_MS)) {
        await queueNotification(
          app.db,
          {
            type: 'collector.failing',
            integration: { id: row.id, name: row.name, kind: row.kind },
            failingSince: Number(row.failing_since),
            lastError: row.last_error,
          },
          now,
        );
      }
    };
    const loop = backgroundLoop(app, {
      name: 'notification sender',
      everyMs: options.tickMs ?? TICK_MS,
      pass: async () => {
        await noticeFailingCollectors(Date.now());
        const ids = await dueDeliveryIds(app.db, Date.now(), BATCH);
        await Promise.all(
          ids.map((id) =>
            attemptDelivery(deps, id).catch((error: unknown) =>
              app.log.error({ err: error, deliveryId: id }, 'notification delivery failed to run'),
            ),
          ),
        );
        return ids.length === BATCH;
      },
    });
    app.notifications.setWaker(loop.wake);
    done();
  },
  { name: 'vigil-notification-sender', dependencies: ['vigil-db', 'vigil-notify'] },
);
