import type { TestDetectionRuleBody } from '../../../shared/schemas/detection-rules';
import { testDetectionRuleReplySchema } from '../../../shared/schemas/detection-rules';
import { request } from '../http-client';

/**
 * POST /detection/rules/test: what a rule text would find over the last `days` days (matching
 * events, alerts, and about whom), nothing stored. Refused like an addition when it does not
 * compile.
 */
export function testDetectionRule(body: TestDetectionRuleBody) {
  return request('/detection/rules/test', {
    method: 'POST',
    body,
    schema: testDetectionRuleReplySchema,
  });
}
