import type { FastifyPluginAsync } from 'fastify';

import { renderHtmlReport } from '../../case/report/html-report';
import { renderPdfReport } from '../../case/report/pdf-report';
import { exportZip } from '../../case/report/export-zip';
import { defineExportRoute } from './export-route';

/** The report allows no script and fetches nothing; only its inline style applies. */
const HTML_REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The case as a report (PDF, HTML) and as a ZIP of everything. Each export is audited as
 * `case.export` with its kind and the sections it printed; the ZIP's entry also carries the
 * SHA-256 of its manifest, written before the manifest's bytes leave.
 */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  defineExportRoute(app, 'pdf', 'The case report as PDF', async (gathered, request, reply) => {
    const { model } = gathered;
    await app.audit(request, {
      action: 'case.export',
      targetType: 'investigation',
      targetId: model.cover.investigation.id,
      details: { kind: 'pdf', sections: model.sections, subjectEmployeeId: model.cover.subject.id },
    });
    return reply.send(renderPdfReport(model));
  });

  defineExportRoute(
    app,
    'html',
    'The case report as one HTML page',
    async (gathered, request, reply) => {
      const { model } = gathered;
      await app.audit(request, {
        action: 'case.export',
        targetType: 'investigation',
        targetId: model.cover.investigation.id,
        details: {
          kind: 'html',
          sections: model.sections,
          subjectEmployeeId: model.cover.subject.id,
        },
      });
      return reply.header('content-security-policy', HTML_REPORT_CSP).send(renderHtmlReport(model));
    },
  );

  defineExportRoute(
    app,
    'zip',
    'The case as a ZIP with a SHA-256 manifest',
    async (gathered, request, reply) => {
      const { model } = gathered;
      const id = model.cover.investigation.id;
      const { stream, result } = exportZip(app.database, gathered, {
        beforeManifest: (manifest, manifestSha256) =>
          app.audit(request, {
            action: 'case.export',
            targetType: 'investigation',
            targetId: id,
            details: {
              kind: 'zip',
              manifestSha256,
              files: manifest.files.length,
              sections: model.sections,
              subjectEmployeeId: model.cover.subject.id,
            },
          }),
      });
      // Bytes that left without a manifest (a failure, a closed tab) are audited too.
      void result
        .catch(async (error: unknown) => {
          await app.audit(request, {
            action: 'case.export',
            targetType: 'investigation',
            targetId: id,
            details: {
              kind: 'zip',
              completed: false,
              reason: error instanceof Error ? error.message : String(error),
              subjectEmployeeId: model.cover.subject.id,
            },
          });
        })
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'An abandoned case export could not be audited.'),
        );
      stream.on('error', (error) =>
        request.log.error({ err: error }, 'The case export failed while streaming.'),
      );
      return reply.send(stream);
    },
  );
};
