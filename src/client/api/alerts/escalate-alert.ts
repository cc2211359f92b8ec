import { escalateAlertReplySchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';
import { alertPath } from './keys';

/**
 * POST /alerts/{id}/investigation: opens a case about the alert's person, or adds the alert to
 * the person's open case; the reply says which (`created`).
 */
export function escalateAlert(alertId: string) {
  return request(alertPath(alertId, '/investigation'), {
    method: 'POST',
    body: {},
    schema: escalateAlertReplySchema,
  });
}
