/**
 * The ways a case leaves Vigil: the report as PDF or as one HTML page, and the whole case as a
 * ZIP with a hashed manifest. The server's routes and the client's "Export Report…" command
 * both read this, so a path and its file name are written down once.
 */
export const caseExportKinds = ['pdf', 'html', 'zip'] as const;
export type CaseExportKind = (typeof caseExportKinds)[number];

export const caseExports: Record<
  CaseExportKind,
  { path: string; label: string; hint: string; mediaType: string }
> = {
  pdf: {
    path: 'report.pdf',
    label: 'Report as PDF',
    hint: 'Cover, summary, incidents, findings with charts, pins, notes, history',
    mediaType: 'application/pdf',
  },
  html: {
    path: 'report.html',
    label: 'Report as HTML page',
    hint: 'The same report as one self-contained page, fit to print',
    mediaType: 'text/html; charset=utf-8',
  },
  zip: {
    path: 'export.zip',
    label: 'Case as ZIP',
    hint: 'The PDF, every table and timeline as CSV, pins as JSON, and a SHA-256 manifest',
    mediaType: 'application/zip',
  },
};

/** The file name an export is saved under, e.g. `vigil-case-<id>-report.pdf`. */
export function caseExportFileName(investigationId: string, kind: CaseExportKind): string {
  const safeId = investigationId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `vigil-case-${safeId}-${caseExports[kind].path}`;
}
