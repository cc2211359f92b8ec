import { detectionRuleTarget } from '../../state/detection-rule-target';
import { defineCommand } from '../command';
import { ruleCommandBlocked } from './rule-availability';

/** Switches the rule under the cursor on or off (the same key undoes it). */
export const detectionRuleToggleEnabled = defineCommand({
  id: 'detectionRule.toggleEnabled',
  title: 'Enable or Disable Detection Rule',
  category: 'Admin',
  keywords: ['enable', 'disable', 'switch', 'turn on', 'turn off', 'detection', 'rule'],
  disabledReason: (c) => ruleCommandBlocked('toggleEnabled', c),
  run: () => detectionRuleTarget()?.toggleEnabled(),
});
