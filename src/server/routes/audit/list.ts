import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { auditQuerySchema, auditReplySchema } from '../../../shared/schemas/audit';
import { errorReplySchema } from '../../../shared/schemas/common';
import { listAudit } from '../../db/queries/audit';
import { auditFilterOf } from './audit-filter';
import { auditCsvRoute } from './csv';
import { personViewRoutes } from './person-views';
import { presentAuditEntry } from './present-entry';

/**
 * GET /audit: the append-only audit log, newest first, filtered by user, person, case, action
 * and time and paged by id, for roles allowed to read it (admins, auditors, privacy officers).
 * Its CSV and the person views are registered beside it.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      preHandler: app.requirePermission('audit.read'),
      schema: {
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: auditReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const { limit, before } = request.query;
      const rows = await listAudit(app.db, app.database.dialect, {
        ...auditFilterOf(request.query),
        before,
        limit,
      });
      const caseText = request.viewer!.permissions.has('investigations.read');
      const entries = rows.map((row) => presentAuditEntry(row, caseText));
      const last = entries[entries.length - 1];
      return { entries, nextBefore: entries.length === limit && last ? last.id : null };
    },
  );
  await app.register(auditCsvRoute);
  await app.register(personViewRoutes);
};
