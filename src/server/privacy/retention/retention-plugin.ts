import fp from 'fastify-plugin';

import { backgroundLoop } from '../../runs/background-loop';
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
    backgroundLoop(app, {
      name: 'retention run',
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      pass: async () => {
        const summary = await runRetention(app.database);
        if (summary) app.log.info({ removed: summary.removed }, 'retention run finished');
        else app.log.info('retention run skipped: another is under way');
      },
    });
    done();
  },
  { name: 'vigil-retention', dependencies: ['vigil-db'] },
);
