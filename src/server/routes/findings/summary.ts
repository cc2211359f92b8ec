import type { FastifyPluginAsync } from 'fastify';

import { windowQuerySchema } from '../../../shared/schemas/findings/common';
import {
  anomalyCountsReplySchema,
  remediationReplySchema,
  summaryReplySchema,
} from '../../../shared/schemas/findings/summary';
import { detectAnomalyCounts } from '../../analysis/findings/locker-findings';
import { detectRemediation } from '../../analysis/findings/remediation.detector';
import { detectSummary } from '../../analysis/findings/summary.detector';
import { defineFinding } from './define-finding';

/** The locker's index: summary, anomaly counts per page, remediation suggestions. */
export const summaryRoutes: FastifyPluginAsync = async (app) => {
  defineFinding(app, {
    path: '/investigations/:id/summary',
    page: 'summary',
    summary: 'Narrative summary and key figures',
    query: windowQuerySchema,
    reply: summaryReplySchema,
    run: detectSummary,
  });
  defineFinding(app, {
    path: '/investigations/:id/evidence/anomaly-counts',
    page: 'anomaly-counts',
    summary: 'Anomalies per evidence page',
    query: windowQuerySchema,
    reply: anomalyCountsReplySchema,
    run: detectAnomalyCounts,
  });
  defineFinding(app, {
    path: '/investigations/:id/remediation-suggestions',
    page: 'remediation',
    summary: 'Ordered remediation actions',
    query: windowQuerySchema,
    reply: remediationReplySchema,
    run: detectRemediation,
  });
};
