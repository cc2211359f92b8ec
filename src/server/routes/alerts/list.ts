import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { listAlertsQuerySchema, listAlertsReplySchema } from '../../../shared/schemas/alerts';
import { errorReplySchema } from '../../../shared/schemas/common';
import type { AlertCursor } from '../../db/queries/alerts';
import { countAlerts, listAlerts } from '../../db/queries/alerts';
import { presentAlert } from '../../presenters/alert';

function readCursor(cursor: string | undefined): AlertCursor | null {
  if (!cursor) return null;
  const [rank, lastTime, ...id] = cursor.split(':');
  return { rank: Number(rank), lastTime: Number(lastTime), id: id.join(':') };
}

/** GET /alerts: the queue, worst first, filtered and paged by cursor. */
export const listAlertsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alerts',
    {
      schema: {
        tags: ['alerts'],
        querystring: listAlertsQuerySchema,
        response: { 200: listAlertsReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const { cursor, limit, ...filter } = request.query;
      const [rows, total] = await Promise.all([
        listAlerts(app.db, filter, readCursor(cursor), limit + 1),
        countAlerts(app.db, filter),
      ]);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        alerts: page.map((row) => presentAlert(row, policy)),
        total,
        next:
          rows.length > limit && last
            ? `${last.severity_rank}:${Number(last.last_time)}:${last.id}`
            : null,
      };
    },
  );
};
