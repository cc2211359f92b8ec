import fp from 'fastify-plugin';

import { backgroundLoop } from '../../runs/background-loop';
import { refreshStatistics } from './refresh-statistics';

/** The first pass after start: after a first load, and once start-up work has settled. */
const FIRST_PASS_MS = 60_000;
/** Then every ten minutes (a pass that finds nothing due reads two catalog views). */
const EVERY_MS = 600_000;

/**
 * Keeps PostgreSQL's planner statistics current beside the server (refreshStatistics): a pass
 * a minute after start, then every ten minutes. Nothing on SQLite.
 */
export const statisticsPlugin = fp(
  (app, _options, done) => {
    if (app.database.dialect !== 'postgres') return done();
    backgroundLoop(app, {
      name: 'statistics refresh',
      firstMs: FIRST_PASS_MS,
      everyMs: EVERY_MS,
      pass: async () => {
        const analyzed = await refreshStatistics(app.database);
        if (analyzed.length > 0) app.log.info({ analyzed }, 'planner statistics refreshed');
      },
    });
    done();
  },
  { name: 'vigil-statistics', dependencies: ['vigil-db'] },
);
