import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  listInvestigationsQuerySchema,
  listInvestigationsReplySchema,
} from '../../../shared/schemas/investigations';
import { listVisibleInvestigations, membersOf } from '../../db/queries/investigations';
import type { InvestigationFilter } from '../../db/queries/investigations';
import { visibilityOf } from '../../case/visibility';
import { presentInvestigation } from '../../presenters/investigation';

const SORT_COLUMNS: Record<string, InvestigationFilter['sort']['column']> = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  riskScore: 'risk_score',
  title: 'title',
  status: 'status',
};

/** GET /investigations: the caller's visible investigations, filtered, sorted and paged. */
export const listInvestigationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: {
        querystring: listInvestigationsQuerySchema,
        response: { 200: listInvestigationsReplySchema },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { sort, assignee, ...query } = request.query;
      const desc = sort.startsWith('-');
      const { rows, total } = await listVisibleInvestigations(app.db, visibilityOf(viewer), {
        ...query,
        assignee: assignee === 'me' ? viewer.userId : assignee,
        person: await app.personSearch(request, query.q),
        sort: { column: SORT_COLUMNS[desc ? sort.slice(1) : sort]!, desc },
      });
      const members = await membersOf(
        app.db,
        rows.map((row) => row.id),
      );
      await app.audit(request, {
        action: 'investigation.list',
        details: { filters: request.query, returned: rows.length },
      });
      return {
        investigations: rows.map((row) => presentInvestigation(row, members, policy)),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },
  );
};
