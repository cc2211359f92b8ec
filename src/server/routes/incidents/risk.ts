import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { riskLevelForScore } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { riskReplySchema } from '../../../shared/schemas/risk';
import { sumParts } from '../../analysis/runs/risk-score';
import { findRiskAssessment, findRiskOverride } from '../../db/queries/risk-assessments';
import { openCase } from './open-case';

/**
 * GET /investigations/{id}/risk: the score, the parts' total before the cap, the level the
 * case shows (the computed one, or a higher one someone set by hand, with who and when), and
 * every part with its points, a sentence and the incidents and events behind it.
 */
export const riskRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/risk',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: z.strictObject({}),
        response: { 200: riskReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const [assessment, override] = await Promise.all([
        findRiskAssessment(app.db, investigation.id),
        findRiskOverride(app.db, investigation.id),
      ]);
      await app.audit(request, {
        action: 'risk.read',
        targetType: 'investigation',
        targetId: investigation.id,
        details: { subjectEmployeeId: investigation.subject.id },
      });
      const manual = {
        manualLevel: (override?.level ?? null) as RiskLevel | null,
        manualSetBy: override?.setBy ?? null,
        manualSetAt: override?.setAt ?? null,
      };
      if (!assessment) {
        return {
          pending: true,
          score: investigation.riskScore,
          partsTotal: investigation.riskScore,
          capped: false,
          level: investigation.riskLevel,
          computedLevel: riskLevelForScore(investigation.riskScore),
          ...manual,
          parts: [],
          computedAt: null,
        };
      }
      const { partsTotal } = sumParts(assessment.parts);
      return {
        pending,
        score: assessment.score,
        partsTotal,
        capped: partsTotal > 100,
        level: investigation.riskLevel,
        computedLevel: assessment.computedLevel as RiskLevel,
        ...manual,
        parts: assessment.parts,
        computedAt: assessment.computedAt,
      };
    },
  );
};
