import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  incidentsTimelineQuerySchema,
  incidentsTimelineReplySchema,
} from '../../../shared/schemas/incidents';
import { caseTimelinePage, timelineEvents } from '../../db/queries/incidents';
import { presentTimelineEvent } from '../../presenters/event';
import { openCase } from './open-case';

function parseCursor(cursor: string | undefined): { time: number; eventId: number } | null {
  if (!cursor) return null;
  const [time, eventId] = cursor.split(':').map(Number);
  return { time: time!, eventId: eventId! };
}

/** GET /investigations/{id}/incidents/timeline: every incident event of the case in time order, paged. */
export const incidentsTimelineRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investigations/:id/incidents/timeline',
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        params: z.object({ id: idParam }),
        querystring: incidentsTimelineQuerySchema,
        response: { 200: incidentsTimelineReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { investigation, pending } = await openCase(app.db, request, request.params.id);
      const page = await caseTimelinePage(
        app.db,
        investigation.id,
        request.query.limit,
        parseCursor(request.query.cursor),
      );
      const rows = await timelineEvents(app.db, app.database.dialect, page.ids);
      const events = rows.map((row) =>
        presentTimelineEvent(row, page.incidentsOf.get(row.id) ?? []),
      );
      const last = rows[rows.length - 1];
      await app.audit(request, {
        action: 'incident.timeline',
        targetType: 'investigation',
        targetId: investigation.id,
        details: { returned: events.length, subjectEmployeeId: investigation.subject.id },
      });
      return { pending, events, next: page.more && last ? `${last.time}:${last.id}` : null };
    },
  );
};
