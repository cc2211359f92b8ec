import fp from 'fastify-plugin';

import { SecretBox } from './secret-box';

/** What routes need of collection: the secret box, and a way to wake the scheduler. */
export interface CollectionServices {
  secretBox: SecretBox;
  /** Asks this process's scheduler (if it runs one) to look for due collections now. */
  wake(): void;
  /** Set by the scheduler plugin when it runs in this process. */
  setWaker(waker: () => void): void;
}

/**
 * Collector credentials' secret box (key from VIGIL_SECRET_KEY or the key file, loaded on first
 * use) and the scheduler's wake-up call. Part of every app; the scheduler itself is registered
 * by main.ts (and by the tests that poll).
 */
export const collectionPlugin = fp(
  (app, _options, done) => {
    let waker: () => void = () => undefined;
    app.decorate('collection', {
      secretBox: new SecretBox({ key: app.config.secretKey, keyFile: app.config.secretKeyFile }),
      wake: () => waker(),
      setWaker: (next: () => void) => {
        waker = next;
      },
    } satisfies CollectionServices);
    done();
  },
  { name: 'vigil-collection' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Collector credentials and the collection scheduler (see collectionPlugin). */
    collection: CollectionServices;
  }
}
