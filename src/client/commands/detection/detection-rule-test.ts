import { ruleTestTarget } from '../../state/detection-rule-target';
import { defineCommand } from '../command';

/**
 * Tests the rule text in the add-rule dialog over recent events (nothing is stored); the
 * dialog's Test button runs it too. Ctrl+Enter in the dialog adds the rule instead.
 */
export const detectionRuleTest = defineCommand({
  id: 'detectionRule.test',
  title: 'Test Detection Rule',
  category: 'Admin',
  keywords: ['try', 'preview', 'dry run', 'sigma', 'detection', 'rule'],
  hiddenInPalette: true,
  disabledReason: () => (ruleTestTarget() ? null : 'Open Add detection rule… first.'),
  run: () => ruleTestTarget()?.test(),
});
