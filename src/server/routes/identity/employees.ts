import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  employeeSchema,
  employeesQuerySchema,
  employeesReplySchema,
} from '../../../shared/schemas/employees';
import type { RiskLevel } from '../../../shared/investigation-model';
import { canSeeAlerts } from '../../../shared/permissions';
import { employeeScores } from '../../db/queries/employee-risk';
import { findEmployee, listEmployees } from '../../db/queries/employees';
import { invalid, notFound } from '../../domain-error';
import { presentEmployee } from '../../presenters/employee';

/** GET /identity/employees (search, paging) and GET /identity/employees/{id}. */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('employees.read');

  app.get(
    '/identity/employees',
    {
      preHandler: guard,
      schema: { querystring: employeesQuerySchema, response: { 200: employeesReplySchema } },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const orgDetails = !policy.pseudonymize || policy.showOrgDetails;
      // Filtering by a hidden field would show it one value at a time: refused, as it is hidden.
      if (request.query.department !== undefined && !orgDetails)
        throw invalid(
          'Departments are hidden by the privacy settings, so the directory cannot be filtered by department.',
          'department',
        );
      const seesRisk = canSeeAlerts(request.viewer!.permissions);
      const query = { ...request.query, sort: seesRisk ? request.query.sort : ('name' as const) };
      const { rows, total } = await listEmployees(app.db, {
        ...query,
        person: await app.personSearch(request, query.q),
        orgDetails,
        nameOrder: !policy.pseudonymize,
      });
      const scores = seesRisk
        ? await employeeScores(
            app.db,
            rows.map((row) => row.id),
          )
        : new Map<string, { score: number; level: string }>();
      await app.audit(request, {
        action: 'employee.list',
        details: { q: request.query.q ?? null, sort: query.sort, returned: rows.length },
      });
      return {
        employees: rows.map((row) => ({
          ...presentEmployee(row, policy),
          riskScore: scores.get(row.id)?.score ?? null,
          riskLevel: (scores.get(row.id)?.level as RiskLevel | undefined) ?? null,
        })),
        total,
      };
    },
  );

  app.get(
    '/identity/employees/:id',
    {
      preHandler: guard,
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: employeeSchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const row = await findEmployee(app.db, request.params.id);
      if (!row) throw notFound('There is no employee with that id.');
      await app.audit(request, {
        action: 'employee.read',
        targetType: 'employee',
        targetId: row.id,
      });
      return presentEmployee(row, await request.identityPolicy());
    },
  );
};
