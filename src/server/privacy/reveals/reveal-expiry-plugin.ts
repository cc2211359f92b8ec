import fp from 'fastify-plugin';

import { backgroundLoop } from '../../runs/background-loop';
import { auditExpiredReveals } from './expire-reveals';

/** How often expiries are looked for: an expiry is recorded within about a minute. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Records reveals' expiries in the audit log: once when the server is ready, then every minute,
 * stopping when the app closes. Registered by main.ts; tests call auditExpiredReveals.
 */
export const revealExpiryPlugin = fp<{ intervalMs?: number }>(
  (app, options, done) => {
    backgroundLoop(app, {
      name: 'recording the expiry of identity reveals',
      everyMs: options.intervalMs ?? SWEEP_INTERVAL_MS,
      firstPassOnReady: true,
      pass: () => auditExpiredReveals(app.db, app.pseudonyms).then(() => undefined),
    });
    done();
  },
  { name: 'vigil-reveal-expiry', dependencies: ['vigil-db', 'vigil-privacy'] },
);
