import { detectionRuleTarget } from '../../state/detection-rule-target';
import { defineCommand } from '../command';
import { ruleCommandBlocked } from './rule-availability';

/** Deletes the custom rule under the cursor, after a confirmation whose Cancel has the focus. */
export const detectionRuleDelete = defineCommand({
  id: 'detectionRule.delete',
  title: 'Delete Detection Rule…',
  category: 'Admin',
  keywords: ['remove', 'custom', 'detection', 'rule', 'sigma'],
  disabledReason: (c) => ruleCommandBlocked('delete', c),
  run: () => detectionRuleTarget()?.remove(),
});
