import fp from 'fastify-plugin';

import { runDetectionPass } from './detection-pass';

/** How often the runner looks at the detection queue when it was empty. */
const INTERVAL_MS = 3000;

/**
 * Detection over the whole organization alongside the server: every few seconds, and at once
 * after a batch, it works through the detection queue that ingest fills in its transactions.
 * Several processes on one PostgreSQL share the queue (claims skip locked rows); closing waits
 * for the pass under way.
 */
export const detectionRunnerPlugin = fp(
  (app, _options, done) => {
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let current: Promise<void> = Promise.resolve();
    const tick = () => {
      timer = null;
      current = runDetectionPass(app.database, {
        onError: (employeeId, error) =>
          app.log.error({ err: error, employeeId }, 'detection failed for a person'),
      })
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
