import type { ListAlertsQuery } from '../../../shared/schemas/alerts';
import { listAlertsReplySchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';

/** The queue's filters and paging, as sent (`limit` as a number, not the schema's coerced input). */
export type AlertListParams = Omit<ListAlertsQuery, 'limit'> & { limit?: number };

/**
 * GET /alerts: one page of the queue, worst first (severity, then the newest last event). The
 * queue is server-paged: pass the previous page's `next` as `cursor`.
 */
export function fetchAlerts(query: AlertListParams, signal?: AbortSignal) {
  return request('/alerts', { schema: listAlertsReplySchema, query: { ...query }, signal });
}
