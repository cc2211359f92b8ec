import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  employeeSchema,
  employeesQuerySchema,
  employeesReplySchema,
} from '../../../shared/schemas/employees';
import { findEmployee, listEmployees } from '../../db/queries/employees';
import { notFound } from '../../domain-error';
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
      const { rows, total } = await listEmployees(app.db, request.query);
      await app.audit(request, {
        action: 'employee.list',
        details: { q: request.query.q ?? null, returned: rows.length },
      });
      return { employees: rows.map(presentEmployee), total };
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
      if (!row) throw notFound(`There is no employee with id "${request.params.id}".`);
      await app.audit(request, {
        action: 'employee.read',
        targetType: 'employee',
        targetId: row.id,
      });
      return presentEmployee(row);
    },
  );
};
