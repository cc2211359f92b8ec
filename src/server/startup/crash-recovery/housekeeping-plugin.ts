import fp from 'fastify-plugin';

import { Housekeeping } from './housekeeping';
import type { HousekeepingOptions } from './housekeeping';

/**
 * Runs the housekeeping alongside the server: its first pass completes before the server
 * listens, and it stops when the app closes. Registered by main.ts; tests call the sweep and
 * the spool cleanup themselves.
 */
export const housekeepingPlugin = fp<HousekeepingOptions>(
  (app, options, done) => {
    const housekeeping = new Housekeeping(app.database, app.log, {
      sessionIdleMs: app.config.sessionIdleMs,
      ...options,
    });
    app.addHook('onReady', async () => housekeeping.start());
    app.addHook('preClose', async () => housekeeping.stop());
    done();
  },
  { name: 'vigil-housekeeping', dependencies: ['vigil-db'] },
);
