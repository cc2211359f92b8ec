import fp from 'fastify-plugin';

import type { DatabaseHandle } from '../db/database';

/** Makes the open database available as `app.db` and closes it when the app closes. */
export const dbPlugin = fp<{ database: DatabaseHandle }>(
  (app, { database }, done) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
    done();
  },
  { name: 'vigil-db' },
);
