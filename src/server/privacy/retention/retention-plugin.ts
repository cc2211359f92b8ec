import fp from 'fastify-plugin';

import { runRetention } from './run-retention';

/** The first run after start, once start-up work has settled. */
const FIRST_RUN_MS = 60_000;
/** Then once a day. */
const EVERY_MS = 86_400_000;

/**
 * The daily retention job alongside the server: a run a minute after start, then every 24
 * hours. Processes sharing a PostgreSQL database take turns (the run's advisory lock): a
 * process that finds a run under way skips its own. Closing waits for the run under way.
 */
export const retentionPlugin = fp(
  (app, _options, done) => {
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let current: Promise<void> = Promise.resolve();
    const schedule = (ms: number) => {
      if (stopped) return;
      timer = setTimeout(tick, ms);
      timer.unref();
    };
    const tick = () => {
      timer = null;
      current = runRetention(app.database)
        .then((summary) => {
          if (summary) app.log.info({ removed: summary.removed }, 'retention run finished');
          else app.log.info('retention run skipped: another is under way');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'retention run failed'))
        .finally(() => schedule(EVERY_MS));
    };
    app.addHook('onReady', () => {
      schedule(FIRST_RUN_MS);
      return Promise.resolve();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    });
    done();
  },
  { name: 'vigil-retention', dependencies: ['vigil-db'] },
);
