import type { UpdateAlertBody } from '../../../shared/schemas/alerts';
import { alertSummarySchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';
import { alertPath } from './keys';

/**
 * PATCH /alerts/{id}: its status and/or assignee. A dismissal without a reason is a 400 whose
 * issues name the `reason` field.
 */
export function updateAlert(alertId: string, body: UpdateAlertBody) {
  return request(alertPath(alertId), { method: 'PATCH', body, schema: alertSummarySchema });
}
