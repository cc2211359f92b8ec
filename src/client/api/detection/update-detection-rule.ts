import { detectionRuleSchema } from '../../../shared/schemas/detection-rules';
import { request } from '../http-client';
import { detectionRulePath } from './keys';

/** PATCH /detection/rules/{id}: switches a rule on or off; replies with the rule. */
export function setDetectionRuleEnabled(ruleId: string, enabled: boolean) {
  return request(detectionRulePath(ruleId), {
    method: 'PATCH',
    body: { enabled },
    schema: detectionRuleSchema,
  });
}
