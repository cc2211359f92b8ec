import fp from 'fastify-plugin';

import { onBatchCommitted } from '../pipeline/batch-listeners';
import { changesIdentities } from './changes-identities';
import {
  identityResolutionSettled,
  requestIdentityResolution,
  setIdentityResolutionLog,
} from './identity-resolution';

/**
 * Identity re-resolution alongside the server: its passes log to the server's log, one pass
 * runs when the server is ready (changes a stopped process had no time to resolve), another
 * after each batch that brings people or device owners, and closing waits for the pass under way. Registered by main.ts; tests ask and wait for passes themselves.
 */
export const identityResolutionPlugin = fp(
  (app, _options, done) => {
    setIdentityResolutionLog(app.database, app.log);
    // HR records and device owners widen the directory: events that named nobody may now.
    const stop = onBatchCommitted(app.database, (batch) => {
      if (changesIdentities(batch)) requestIdentityResolution(app.database);
    });
    app.addHook('onClose', (_instance, next) => {
      stop();
      next();
    });
    app.addHook('onReady', () => {
      requestIdentityResolution(app.database);
      return Promise.resolve();
    });
    app.addHook('preClose', async () => identityResolutionSettled(app.database));
    done();
  },
  { name: 'vigil-identity-resolution', dependencies: ['vigil-db'] },
);
