import type { BulkAlertsBody } from '../../../shared/schemas/alerts';
import { bulkAlertsReplySchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';

/**
 * POST /alerts/bulk: one action on several alerts, all or nothing: a 4xx names the problem and
 * changes none of them.
 */
export function bulkAlerts(body: BulkAlertsBody) {
  return request('/alerts/bulk', { method: 'POST', body, schema: bulkAlertsReplySchema });
}
