import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { appendAudit } from '../db/queries/audit';

/** What a route says about the action it audits; who and from where come from the request. */
export interface AuditEntryInput {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  /** For actions before a session exists (failed sign-in). */
  actorEmail?: string;
  actorUserId?: string;
}

/** `app.audit(request, entry)`: append-only record of every change and every read of subject data. */
export const auditPlugin = fp(
  (app, _options, done) => {
    app.decorate('audit', async (request: FastifyRequest, entry: AuditEntryInput) => {
      await appendAudit(app.db, {
        at: Date.now(),
        actorUserId: entry.actorUserId ?? request.viewer?.userId ?? null,
        actorEmail: entry.actorEmail ?? request.viewer?.email ?? null,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        details: entry.details ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
    });
    done();
  },
  { name: 'vigil-audit', dependencies: ['vigil-db'] },
);
