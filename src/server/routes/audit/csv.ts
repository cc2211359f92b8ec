import { Readable } from 'node:stream';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { auditCsvColumns, auditFilterSchema } from '../../../shared/schemas/audit';
import { errorReplySchema } from '../../../shared/schemas/common';
import { csvLine } from '../../case/report/csv';
import { listAudit, newestAuditId } from '../../db/queries/audit';
import { redactText } from '../../privacy/redactor';
import { auditFilterOf } from './audit-filter';
import { presentAuditEntry } from './present-entry';

/** Entries read per page while the file is written. */
const PAGE = 1000;

/**
 * GET /audit.csv: the audit screen's filtered view, every entry of it, newest first, as CSV
 * (cells that a spreadsheet would run as formulas neutralized). The file is a snapshot: it ends
 * at the newest entry when it was asked for, so its own `audit.export` entry is not in it.
 * Streamed page by page, each page redacted as the JSON replies are.
 */
export const auditCsvRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit.csv',
    {
      preHandler: app.requirePermission('audit.read'),
      schema: {
        summary: 'The filtered audit log as CSV',
        tags: ['audit'],
        querystring: auditFilterSchema,
        response: {
          200: {
            description: 'The filtered audit log as CSV',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: errorReplySchema,
          403: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const filter = auditFilterOf(request.query);
      const caseText = request.viewer!.permissions.has('investigations.read');
      const newest = await newestAuditId(app.db);
      const [policy, directory] = await Promise.all([
        request.identityPolicy(),
        app.identityDirectory(),
      ]);
      await app.audit(request, {
        action: 'audit.export',
        details: { format: 'csv', filter: request.query, through: newest },
      });
      const { db } = app;
      const { dialect } = app.database;
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(auditCsvColumns);
        let before = newest + 1;
        for (;;) {
          const rows = await listAudit(db, dialect, { ...filter, before, limit: PAGE });
          let chunk = '';
          for (const entry of rows.map((row) => presentAuditEntry(row, caseText))) {
            chunk += csvLine([
              entry.id,
              new Date(entry.at).toISOString(),
              entry.actorUserId,
              entry.actorEmail,
              entry.action,
              entry.targetType,
              entry.targetId,
              // JSON text is redacted as JSON (its escapes separate words), then the whole page.
              entry.details === null
                ? null
                : redactText(JSON.stringify(entry.details), directory, policy, true),
              entry.ip,
              entry.userAgent,
            ]);
          }
          if (chunk) yield redactText(chunk, directory, policy);
          const last = rows[rows.length - 1];
          if (rows.length < PAGE || !last) return;
          before = Number(last.id);
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vigil-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()) as never);
    },
  );
};
