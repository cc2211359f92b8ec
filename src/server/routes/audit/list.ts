import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { auditQuerySchema, auditReplySchema } from '../../../shared/schemas/audit';
import { readJson } from '../../db/dialect';
import { listAudit } from '../../db/queries/audit';

/** GET /audit: the append-only audit log, newest first, for roles allowed to read it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      preHandler: app.requirePermission('audit.read'),
      schema: { querystring: auditQuerySchema, response: { 200: auditReplySchema } },
    },
    async (request) => {
      const rows = await listAudit(app.db, request.query);
      const entries = rows.map((row) => ({
        id: Number(row.id),
        at: row.at,
        actorUserId: row.actor_user_id,
        actorEmail: row.actor_email,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        details: row.details === null ? null : readJson<Record<string, unknown>>(row.details),
        ip: row.ip,
        userAgent: row.user_agent,
      }));
      const last = entries[entries.length - 1];
      return {
        entries,
        nextBefore: entries.length === request.query.limit && last ? last.id : null,
      };
    },
  );
};
