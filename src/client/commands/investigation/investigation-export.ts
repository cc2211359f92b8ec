import { toast } from 'sonner';
import { z } from 'zod';

import { caseExportKinds, caseExports } from '../../../shared/case-exports';
import type { CaseExportKind } from '../../../shared/case-exports';
import { downloadCaseExport } from '../../api/investigations/download-case-export';
import { HttpError } from '../../api/http-error';
import { defineCommand } from '../command';

const args = z.object({ kind: z.enum(caseExportKinds) });

function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Exports the current investigation: the report as PDF or HTML, or the whole case as a ZIP.
 * A toast shows progress while the server makes it (the bytes received so far), then the file
 * is saved. The server audits every export.
 */
export const investigationExport = defineCommand({
  id: 'investigation.export',
  title: 'Export Report…',
  category: 'Investigation',
  keywords: ['pdf', 'html', 'zip', 'download', 'case', 'hand over', 'manifest', 'print'],
  disabledReason: (c) => {
    if (!c.investigationId) return 'Open an investigation first.';
    if (!c.permissions.has('evidence.read'))
      return 'Your role does not allow reading the evidence a report holds.';
    return null;
  },
  choices: () =>
    caseExportKinds.map((kind) => ({
      id: kind,
      label: caseExports[kind].label,
      hint: caseExports[kind].hint,
      args: { kind },
    })),
  run: async (raw, c) => {
    const { kind } = args.parse(raw);
    const what: Record<CaseExportKind, string> = {
      pdf: 'the PDF report',
      html: 'the HTML report',
      zip: 'the case ZIP',
    };
    const id = toast.loading(`Making ${what[kind]}…`, {
      description: 'The server gathers every finding; this can take a few seconds.',
      duration: Infinity,
    });
    let shown = 0;
    try {
      const { fileName, bytes } = await downloadCaseExport(c.investigationId!, kind, (received) => {
        if (received - shown < 64 * 1024) return;
        shown = received;
        toast.loading(`Making ${what[kind]}…`, { id, description: `${size(received)} received` });
      });
      toast.success(`Saved ${fileName}`, { id, description: size(bytes), duration: 4000 });
    } catch (error) {
      toast.error(`Could not export ${what[kind]}`, {
        id,
        description:
          error instanceof HttpError ? (error.serverMessage ?? error.message) : String(error),
        duration: 4000,
      });
    }
  },
});
