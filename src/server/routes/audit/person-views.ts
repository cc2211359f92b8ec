import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  personViewsQuerySchema,
  personViewsReplySchema,
  viewedPeopleQuerySchema,
  viewedPeopleReplySchema,
} from '../../../shared/schemas/audit';
import type { PersonView } from '../../../shared/schemas/audit';
import { errorReplySchema } from '../../../shared/schemas/common';
import { findEmployee } from '../../db/queries/employees';
import { listPersonViews, listViewedPeople } from '../../db/queries/person-views';
import { invalid } from '../../domain-error';
import { presentEmployeeRef } from '../../presenters/employee';

function checkRange(range: { from?: number | undefined; to?: number | undefined }) {
  if (range.from !== undefined && range.to !== undefined && range.from >= range.to)
    throw invalid('The start of the time range ("from") must be before its end ("to").', 'from');
}

/**
 * Who viewed whose data, and how often (issue 17): GET /audit/person-views for one person, per
 * user and kind of read, and GET /audit/viewed-people, the people read at all, by pseudonym,
 * which the audit screen offers as its person filter. Both read person_views, which the audit
 * plugin keeps as reads are audited; both need audit.read.
 */
export const personViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('audit.read');

  app.get(
    '/audit/person-views',
    {
      preHandler: guard,
      schema: {
        tags: ['audit'],
        querystring: personViewsQuerySchema,
        response: { 200: personViewsReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const { employeeId, from, to } = request.query;
      checkRange({ from, to });
      const [employee, rows, policy] = await Promise.all([
        findEmployee(app.db, employeeId),
        listPersonViews(app.db, employeeId, { from, to }),
        request.identityPolicy(),
      ]);
      const byUserAndKind = new Map<string, PersonView>();
      for (const row of rows) {
        const key = `${row.user_id}\u0000${row.kind}`;
        const views = Number(row.views);
        const firstAt = Number(row.first_at);
        const lastAt = Number(row.last_at);
        const seen = byUserAndKind.get(key);
        const cases = row.investigation_id === '' ? [] : [row.investigation_id];
        if (!seen) {
          byUserAndKind.set(key, {
            user: {
              id: row.user_id,
              email: row.email ?? '',
              displayName: row.display_name ?? '',
            },
            kind: row.kind,
            views,
            firstAt,
            lastAt,
            cases,
          });
          continue;
        }
        seen.views += views;
        seen.firstAt = Math.min(seen.firstAt, firstAt);
        seen.lastAt = Math.max(seen.lastAt, lastAt);
        seen.cases.push(...cases);
      }
      const views = [...byUserAndKind.values()].sort(
        (a, b) => b.views - a.views || b.lastAt - a.lastAt,
      );
      for (const view of views) view.cases.sort();
      return {
        person: employee
          ? presentEmployeeRef(
              {
                id: employee.id,
                fullName: employee.full_name,
                email: employee.email,
                department: employee.department,
                title: employee.title,
              },
              policy,
            )
          : null,
        views,
        total: views.reduce((sum, view) => sum + view.views, 0),
      };
    },
  );

  app.get(
    '/audit/viewed-people',
    {
      preHandler: guard,
      schema: {
        tags: ['audit'],
        querystring: viewedPeopleQuerySchema,
        response: { 200: viewedPeopleReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const { from, to, limit } = request.query;
      checkRange({ from, to });
      const [rows, policy] = await Promise.all([
        listViewedPeople(app.db, { from, to }, limit),
        request.identityPolicy(),
      ]);
      return {
        people: rows.map((row) => ({
          person: presentEmployeeRef(
            {
              id: row.id,
              fullName: row.full_name,
              email: row.email,
              department: row.department,
              title: row.title,
            },
            policy,
          ),
          views: Number(row.views),
          users: Number(row.users),
          lastAt: Number(row.last_at),
        })),
      };
    },
  );
};
