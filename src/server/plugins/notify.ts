import fp from 'fastify-plugin';

import { withholdNames } from '../privacy/withhold';
import type { SendDeps } from '../notify/send-delivery';

/** What routes need of notifications: how to send, and a way to wake the sender. */
export interface NotificationServices {
  deps: SendDeps;
  /** Asks this process's sender (if it runs one) to look for due deliveries now. */
  wake(): void;
  /** Set by the sender plugin when it runs in this process. */
  setWaker(waker: () => void): void;
}

/**
 * The sending dependencies (channel secrets in the collectors' secret box, the message
 * context with people by pseudonym only) and the sender's wake-up call. Part of every app;
 * the background sender is registered by main.ts (and by tests that send).
 */
export const notifyPlugin = fp(
  (app, _options, done) => {
    let waker: () => void = () => undefined;
    const pseudonyms = app.pseudonyms;
    const deps: SendDeps = {
      db: app.db,
      secretBox: app.collection.secretBox,
      allowInsecure: app.config.allowHttpConnectors,
      timeoutMs: 10_000,
      trustedCa: app.config.notificationTlsCa,
      retryBaseMs: 10_000,
      claimMs: 60_000,
      context: async () => {
        const directory = await app.identityDirectory();
        // Pseudonymized whatever the installation's settings: a message leaves Vigil.
        const policy = {
          pseudonymize: true,
          showOrgDetails: false,
          investigationId: null,
          revealed: new Set<string>(),
          pseudonyms,
        };
        return {
          publicUrl: app.config.publicUrl,
          pseudonyms,
          withhold: (text: string) => withholdNames(text, directory, policy),
        };
      },
    };
    app.decorate('notifications', {
      deps,
      wake: () => waker(),
      setWaker: (next: () => void) => {
        waker = next;
      },
    } satisfies NotificationServices);
    done();
  },
  { name: 'vigil-notify', dependencies: ['vigil-db', 'vigil-collection', 'vigil-privacy'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Notification sending (see notifyPlugin). */
    notifications: NotificationServices;
  }
}
