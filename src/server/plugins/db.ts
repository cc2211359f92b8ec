import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

import { withAdmissionTicket } from '../db/admission';
import type { AdmissionTicket } from '../db/admission';
import type { DatabaseHandle } from '../db/database';

/**
 * Makes the open database available as `app.db` and closes it when the app closes. Each
 * request carries an admission ticket (db/admission.ts): its first wait for a connection is
 * bounded by `config.dbWaitLimitMs`, and once it has waited `dbOverloadWaitMs` by whether it would
 * still be answered within `dbAnswerBudgetMs`; it does not start once its client has gone.
 */
export const dbPlugin = fp<{ database: DatabaseHandle }>(
  (app, { database }, done) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    const tickets = new WeakMap<FastifyRequest, AdmissionTicket>();
    app.addHook('onRequest', (request, _reply, next) => {
      const socket = request.raw.socket;
      const ticket: AdmissionTicket = {
        receivedAt: performance.now(),
        limitMs: app.config.dbWaitLimitMs,
        overloadLimitMs: app.config.dbOverloadWaitMs,
        answerBudgetMs: app.config.dbAnswerBudgetMs,
        started: false,
        clientGone: () => socket?.destroyed === true,
      };
      tickets.set(request, ticket);
      withAdmissionTicket(ticket, next);
    });
    // The body is read in the socket's own context: bring the request's ticket back after it.
    app.addHook('preValidation', (request, _reply, next) => {
      const ticket = tickets.get(request);
      if (ticket) withAdmissionTicket(ticket, next);
      else next();
    });
    // The line learns how long an admitted request takes to be answered (its answer budget).
    app.addHook('onResponse', (request, _reply, next) => {
      tickets.get(request)?.answered?.();
      next();
    });
    app.addHook('onClose', async () => {
      await database.close();
    });
    done();
  },
  { name: 'vigil-db' },
);
