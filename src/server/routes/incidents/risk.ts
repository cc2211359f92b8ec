import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { riskLevelForScore } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { riskReplySchema } from '../../../shared/schemas/incidents';
import { findRiskAssessment } from '../../db/queries/risk-assessments';
import { openCase } from './open-case';

/**
 * GET /investigations/{id}/risk: the score, the level the case shows (the higher of the
 * computed and the investigator's), and every part with its points and a sentence.
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
      const assessment = await findRiskAssessment(app.db, investigation.id);
      await app.audit(request, {
        action: 'risk.read',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      if (!assessment) {
        return {
          pending: true,
          score: investigation.riskScore,
          level: investigation.riskLevel,
          computedLevel: riskLevelForScore(investigation.riskScore),
          manualLevel: investigation.riskLevel === 'low' ? null : investigation.riskLevel,
          parts: [],
          computedAt: null,
        };
      }
      return {
        pending,
        score: assessment.score,
        level: investigation.riskLevel,
        computedLevel: assessment.computedLevel as RiskLevel,
        manualLevel: assessment.manualLevel as RiskLevel | null,
        parts: assessment.parts,
        computedAt: assessment.computedAt,
      };
    },
  );
};
