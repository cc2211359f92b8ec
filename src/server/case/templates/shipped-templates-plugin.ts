import fp from 'fastify-plugin';

import { ensureShippedTemplates } from './shipped-templates';

/**
 * Puts the shipped case templates in place when the app is ready (every start, tests included):
 * the missing ones are inserted, edited ones are left alone.
 */
export const shippedTemplatesPlugin = fp(
  (app, _options, done) => {
    app.addHook('onReady', async () => {
      await ensureShippedTemplates(app.db, Date.now());
    });
    done();
  },
  { name: 'vigil-shipped-templates', dependencies: ['vigil-db'] },
);
