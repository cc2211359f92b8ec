import type { FileEventsReply, FilesReply } from '../../../shared/schemas/findings/file-access';
import { eventsByIds } from '../../db/queries/findings/event-rows';
import { fileEvents, filesFromRollup, filesHandled } from '../../db/queries/findings/files';
import { historySpan } from '../../db/queries/findings/history';
import { invalid } from '../../domain-error';
import { defineDetector } from './define-detector';
import { labelName, resolveLabel } from './file-labels';
import type { FindingContext } from './finding-context';
import { writtenText } from '../../privacy/identity-policy';
import { presentEvent } from '../../presenters/event';
import { filesParts } from './file-access.report';

const LISTED_FILES = 500;

/** GET findings/file-access/files: the files the subject handled, optionally of one label. */
async function detectFiles(ctx: FindingContext, label: string | undefined): Promise<FilesReply> {
  const chosen = resolveLabel(ctx, label);
  // A window holding all of the subject's activity reads the per-file totals of the analysis step.
  const range = await historySpan(ctx.db, ctx.subject.id);
  const whole = !range || (ctx.window.start <= range.first && ctx.window.end > range.last);
  const rows = whole
    ? await filesFromRollup(ctx.db, ctx.subject.id, chosen.filter, LISTED_FILES)
    : await filesHandled(
        ctx.db,
        ctx.dialect,
        ctx.subject.id,
        ctx.window,
        chosen.filter,
        LISTED_FILES,
      );
  return {
    window: ctx.window,
    label: chosen.name,
    total: rows[0]?.total ?? 0,
    files: rows.map(({ total: _total, first, last, ...r }) => ({
      ...r,
      label: labelName(r.label),
      firstSeen: first,
      lastSeen: last,
    })),
  };
}

/** GET findings/file-access/files/{fileId}/events. */
async function detectFileEvents(ctx: FindingContext, fileId: string): Promise<FileEventsReply> {
  if (!fileId.trim()) throw invalid('fileId is required');
  const ids = await fileEvents(ctx.db, ctx.dialect, ctx.subject.id, ctx.window, fileId, 1000);
  const rows = await eventsByIds(ctx.db, ctx.dialect, ctx.subject.id, ids);
  return {
    window: ctx.window,
    // Echoed as the caller sent it: a person it names is withheld, not shown as a pseudonym.
    fileId: writtenText(ctx.identity, fileId),
    events: rows.sort((a, b) => b.time - a.time).map(presentEvent),
  };
}

/** The files the subject handled, of the label asked for. */
export const filesDetector = defineDetector(
  'files',
  (ctx, query) => detectFiles(ctx, query.label),
  filesParts,
);

/** The events of one file. */
export const fileEventsDetector = defineDetector('fileEvents', (ctx, _query, params) =>
  detectFileEvents(ctx, params.fileId),
);
