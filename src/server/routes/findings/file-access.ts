import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

import { windowQuerySchema } from '../../../shared/schemas/findings/common';
import {
  fileAccessReplySchema,
  fileEventsReplySchema,
  filesQuerySchema,
  filesReplySchema,
  fileSankeyReplySchema,
} from '../../../shared/schemas/findings/file-access';
import {
  detectFileAccess,
  detectFileEvents,
  detectFiles,
  detectFileSankey,
} from '../../analysis/findings/file-access.detector';
import { defineFinding, findingParams } from './define-finding';

const base = '/investigations/:id/findings/file-access';

/** File access: totals, the label → action → destination flows, files, and one file's events. */
export const fileAccessRoutes: FastifyPluginAsync = async (app) => {
  defineFinding(app, {
    path: base,
    page: 'file-access',
    summary: 'File activity by label and action',
    query: windowQuerySchema,
    reply: fileAccessReplySchema,
    run: detectFileAccess,
  });
  defineFinding(app, {
    path: `${base}/sankey`,
    page: 'file-access',
    summary: 'Label → action → destination',
    query: windowQuerySchema,
    reply: fileSankeyReplySchema,
    run: detectFileSankey,
  });
  defineFinding(app, {
    path: `${base}/files`,
    page: 'file-access',
    summary: "Files handled; label 'All Files' (default), a label, or 'Unlabeled'",
    query: filesQuerySchema,
    reply: filesReplySchema,
    run: (ctx, query) => detectFiles(ctx, query.label),
  });
  defineFinding(app, {
    path: `${base}/files/:fileId/events`,
    page: 'file-access',
    summary: 'Events of one file',
    query: windowQuerySchema,
    reply: fileEventsReplySchema,
    params: findingParams.extend({ fileId: z.string().max(2000) }),
    run: (ctx, _query, params) => detectFileEvents(ctx, params.fileId),
  });
};
