import fp from 'fastify-plugin';

import { auditExpiredReveals } from './expire-reveals';

/** How often expiries are looked for: an expiry is recorded within about a minute. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Records reveals' expiries in the audit log: once when the server is ready, then every minute,
 * stopping when the app closes. Registered by main.ts; tests call auditExpiredReveals.
 */
export const revealExpiryPlugin = fp<{ intervalMs?: number }>(
  (app, options, done) => {
    let timer: NodeJS.Timeout | null = null;
    let current: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      current = auditExpiredReveals(app.db, app.pseudonyms).catch((error: unknown) => {
        app.log.error({ err: error }, 'could not record the expiry of identity reveals');
      });
      return current;
    };
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), options.intervalMs ?? SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await current;
    });
    done();
  },
  { name: 'vigil-reveal-expiry', dependencies: ['vigil-db', 'vigil-privacy'] },
);
