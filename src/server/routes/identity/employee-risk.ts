import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { RiskLevel } from '../../../shared/investigation-model';
import { errorReplySchema } from '../../../shared/schemas/common';
import {
  employeeRiskQuerySchema,
  employeeRiskReplySchema,
} from '../../../shared/schemas/employee-risk';
import { listEmployeeRisk } from '../../db/queries/employee-risk';
import { readRiskParts } from '../../db/queries/risk-assessments';
import { presentEmployeeRef } from '../../presenters/employee';

/**
 * GET /employees/risk: every scored person, riskiest first, with the parts of their score.
 * Scores say that alerts exist, so only those who see every case and its evidence read them.
 */
export const employeeRiskRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/employees/risk',
    {
      preHandler: [
        app.requirePermission('investigations.read_all'),
        app.requirePermission('evidence.read'),
      ],
      schema: {
        tags: ['alerts'],
        querystring: employeeRiskQuerySchema,
        response: { 200: employeeRiskReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const { limit, minScore, cursor } = request.query;
      const policy = await request.identityPolicy();
      const after = cursor
        ? {
            score: Number(cursor.slice(0, cursor.indexOf(':'))),
            employeeId: cursor.slice(cursor.indexOf(':') + 1),
          }
        : null;
      const rows = await listEmployeeRisk(app.db, { after, limit: limit + 1, minScore });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      await app.audit(request, {
        action: 'employee.risk.list',
        details: { returned: page.length },
      });
      return {
        people: page.map((row) => ({
          subject: presentEmployeeRef(
            {
              id: row.employee_id,
              fullName: row.full_name,
              email: row.email,
              department: row.department,
              title: row.title,
            },
            policy,
          ),
          score: row.score,
          level: row.level as RiskLevel,
          openAlerts: row.open_alerts,
          parts: readRiskParts(row.parts),
          computedAt: Number(row.computed_at),
        })),
        next: rows.length > limit && last ? `${last.score}:${last.employee_id}` : null,
      };
    },
  );
};
