import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  searchIncidentsQuerySchema,
  searchIncidentsReplySchema,
} from '../../../shared/schemas/incidents';
import { searchIncidents } from '../../db/queries/incidents';
import { visibilityOf } from '../../case/visibility';
import { presentEmployeeRef } from '../../presenters/employee';
import { presentIncident } from '../../presenters/incident';

/** GET /incidents/search?q=: incidents of every case the caller may see, for the palette's `#` mode. */
export const searchIncidentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/incidents/search',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        querystring: searchIncidentsQuerySchema,
        response: { 200: searchIncidentsReplySchema },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const policy = await request.identityPolicy();
      const rows = await searchIncidents(
        app.db,
        visibilityOf(request.viewer!),
        q,
        limit,
        await app.personSearch(request, q),
      );
      await app.audit(request, {
        action: 'incident.search',
        details: { q, returned: rows.length },
      });
      return {
        incidents: rows.map((row) => ({
          ...presentIncident(row),
          investigationTitle: row.investigation_title,
          subjectName: presentEmployeeRef(
            {
              id: row.subject_id,
              fullName: row.subject_full_name,
              email: row.subject_email,
              department: row.subject_department,
              title: row.subject_title,
            },
            policy,
          ).fullName,
        })),
      };
    },
  );
};
