import type { CreateDetectionRuleBody } from '../../../shared/schemas/detection-rules';
import { createDetectionRuleReplySchema } from '../../../shared/schemas/detection-rules';
import { request } from '../http-client';

/**
 * POST /detection/rules: adds the rules a text holds (a Sigma text may hold a correlation and
 * the rules it uses), disabled unless `enabled`. A text the server cannot compile is a 400 whose
 * issue on `source` starts with the line ("line 12: …"); an id already taken is a 409.
 */
export function createDetectionRule(body: CreateDetectionRuleBody) {
  return request('/detection/rules', {
    method: 'POST',
    body,
    schema: createDetectionRuleReplySchema,
  });
}
