import fp from 'fastify-plugin';

import { queueActivePeople } from '../../db/queries/detection-queue';
import { runDetectionPass } from './detection-pass';

/** How often the runner looks at the detection queue when it was empty. */
const INTERVAL_MS = 3000;
/** How often everyone active lately is queued again, for rules that change as time passes. */
const SCHEDULED_PASS_MS = 6 * 3_600_000;
/** What the scheduled pass reads again: the last week of activity. */
const SCHEDULED_SPAN_MS = 7 * 86_400_000;

/**
 * Detection over the whole organization alongside the server: every few seconds it works
 * through the detection queue that ingest fills in its transactions, and every six hours it
 * queues everyone active in the last week again (the scheduled pass), so rules whose answer
 * changes with time alone (a person joining the departing list) are asked again.
 * Several processes on one PostgreSQL share the queue (claims skip locked rows); closing waits
 * for the pass under way.
 */
export const detectionRunnerPlugin = fp(
  (app, _options, done) => {
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let current: Promise<void> = Promise.resolve();
    let lastScheduled = Date.now();
    const tick = () => {
      timer = null;
      const now = Date.now();
      const scheduled =
        now - lastScheduled >= SCHEDULED_PASS_MS
          ? queueActivePeople(app.db, app.database.dialect, now - SCHEDULED_SPAN_MS, now).then(
              () => {
                lastScheduled = now;
              },
            )
          : Promise.resolve();
      current = scheduled
        .then(() =>
          runDetectionPass(app.database, {
            onError: (employeeId, error) =>
              app.log.error({ err: error, employeeId }, 'detection failed for a person'),
          }),
        )
        .then((outcome) => {
          if (outcome.people > 0) app.log.info(outcome, 'detection pass finished');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'detection could not run'))
        .finally(() => {
          if (!stopped) {
            timer = setTimeout(tick, INTERVAL_MS);
            timer.unref();
          }
        });
    };
    app.addHook('onReady', () => {
      timer = setTimeout(tick, 0);
      timer.unref();
      return Promise.resolve();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    });
    done();
  },
  { name: 'vigil-detection-runner', dependencies: ['vigil-db'] },
);
