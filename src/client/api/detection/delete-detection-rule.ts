import { request } from '../http-client';
import { detectionRulePath } from './keys';

/**
 * DELETE /detection/rules/{id}: removes a rule someone added. A shipped rule answers 409 with
 * the sentence saying it can only be disabled.
 */
export async function deleteDetectionRule(ruleId: string): Promise<void> {
  await request(detectionRulePath(ruleId), { method: 'DELETE' });
}
