import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { alertDetailSchema } from '../../../shared/schemas/alerts';
import { errorReplySchema } from '../../../shared/schemas/common';
import { alertEventIds, findAlert, rawRecords } from '../../db/queries/alerts';
import { timelineEvents } from '../../db/queries/incidents';
import { presentAlert } from '../../presenters/alert';
import { presentEvent } from '../../presenters/event';
import { readJson } from '../../db/dialect';
import { alertParamsSchema, found } from './params';

/** How many of an alert's events its detail carries. */
const EVENTS_SHOWN = 500;

/**
 * GET /alerts/{id}: the alert, the events behind it (earliest first) and their raw records.
 * A read of a person's data: audited.
 */
export const getAlertRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alerts/:id',
    {
      schema: {
        tags: ['alerts'],
        params: alertParamsSchema,
        response: { 200: alertDetailSchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const alert = found(await findAlert(app.db, request.params.id));
      const ids = await alertEventIds(app.db, alert.id, EVENTS_SHOWN + 1);
      const shown = ids.slice(0, EVENTS_SHOWN);
      const [rows, raw] = await Promise.all([
        timelineEvents(app.db, app.database.dialect, shown),
        rawRecords(app.db, shown),
      ]);
      await app.audit(request, {
        action: 'alert.view',
        targetType: 'alert',
        targetId: alert.id,
        details: { employeeId: alert.employee_id },
      });
      return {
        ...presentAlert(alert, await request.identityPolicy()),
        description: alert.description,
        events: rows.map((row) => ({
          ...presentEvent(row),
          raw: raw.has(row.id) ? readJson<unknown>(raw.get(row.id)) : null,
        })),
        eventsTruncated: ids.length > EVENTS_SHOWN,
      };
    },
  );
};
