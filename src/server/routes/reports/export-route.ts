import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { caseExportFileName, caseExports } from '../../../shared/case-exports';
import type { CaseExportKind } from '../../../shared/case-exports';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { exportRedaction, redactReportModel } from '../../case/report/export-redaction';
import type { RedactedReport } from '../../case/report/export-redaction';
import { gatherReport } from '../../case/report/gather-report';

/** What an export route sends once the case is gathered and its read audited. */
export type ExportBody = (
  input: RedactedReport,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * Registers `GET /investigations/{id}/<file>` for one kind of export. Exporting reads every
 * piece of evidence of the case, so it needs evidence.read (as reading each of them does) and
 * answers the brief's 404 for a case the caller cannot see. The file is sent as an attachment
 * named after the case.
 */
export function defineExportRoute(
  app: FastifyInstance,
  kind: CaseExportKind,
  summary: string,
  send: ExportBody,
): void {
  const { path, mediaType } = caseExports[kind];
  app.get(
    `/investigations/:id/${path}`,
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        summary,
        tags: ['reports'],
        params: z.object({ id: idParam }),
        querystring: z.strictObject({}),
        response: {
          200: {
            description: summary,
            content: {
              [mediaType.split(';')[0]!]: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const policy = await request.identityPolicy();
      const gathered = await gatherReport(
        { db: app.db, dialect: app.database.dialect },
        request.viewer!,
        id,
        policy,
      );
      // PDF and ZIP are streams the reply hook cannot redact: people are hidden as they are
      // made, from the redacted model and (in the ZIP) each file as it is written.
      const redaction = exportRedaction(
        await app.identityDirectory(),
        policy,
        await app.evidenceHashes(request),
      );
      const input: RedactedReport = {
        ...gathered,
        model: redactReportModel(gathered.model, redaction),
        redaction,
      };
      void reply
        .header('content-type', mediaType)
        .header(
          'content-disposition',
          `attachment; filename="${caseExportFileName(input.model.cover.investigation.id, kind)}"`,
        )
        .header('cache-control', 'no-store');
      return send(input, request, reply);
    },
  );
}
