import type { Permission } from '../../../shared/permissions';
import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import { detectionRuleTarget } from '../../state/detection-rule-target';
import type { CommandContext } from '../command';

/** What can be done to a detection rule from the keyboard, the palette and the screen's buttons. */
export type RuleAction = 'toggleEnabled' | 'delete';

/** Said when the rule list is not shown. */
export const NO_RULE_SCREEN = 'Open Detection rules first (palette: Go to Detection rules).';

/** Said to a role that may read rules but not change them. */
export const CANNOT_CHANGE_RULES = 'Your role does not include changing detection rules.';

/**
 * Why an action cannot be taken on a rule (null when it can): one pure rule shared by the
 * commands (keys, palette) and the screen's buttons, so the two cannot drift. `rule` is
 * undefined when no rule list is shown, null when it shows no row.
 */
export function ruleActionBlocked(
  action: RuleAction,
  permissions: ReadonlySet<Permission>,
  rule: DetectionRule | null | undefined,
  /** The signed-in user, when known: only who added a rule may delete it. */
  viewerId?: string,
): string | null {
  if (rule === undefined) return NO_RULE_SCREEN;
  if (!permissions.has('configuration.manage')) return CANNOT_CHANGE_RULES;
  if (rule === null) return 'No rule is shown: change the filters, or add one.';
  if (action !== 'delete') return null;
  if (rule.origin === 'shipped') return 'Rules shipped with Vigil can be disabled, not deleted.';
  if (viewerId && rule.createdBy && rule.createdBy.id !== viewerId)
    return `Only ${rule.createdBy.displayName}, who added it, can delete this rule; disable it instead.`;
  return null;
}

/** ruleActionBlocked for a command: the rule under the cursor of the list shown, if any. */
export function ruleCommandBlocked(action: RuleAction, context: CommandContext): string | null {
  const target = detectionRuleTarget();
  return ruleActionBlocked(
    action,
    context.permissions,
    target ? target.rule() : undefined,
    context.me?.user.id,
  );
}
