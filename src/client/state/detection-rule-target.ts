import type { DetectionRule } from '../../shared/schemas/detection-rules';

/**
 * What the `detectionRule.*` commands act on. The Detection rules screen owns its rows and its
 * dialogs, so it answers and acts; the commands only decide whether they can run and pass the
 * key on (as the alert commands do with the alert screens).
 */
export interface DetectionRuleTarget {
  /** The rule an action would change now: the one under the cursor; null when the list is empty. */
  rule(): DetectionRule | null;
  /** Switches the rule on or off. */
  toggleEnabled(): void;
  /** Asks for confirmation, then deletes the rule. */
  remove(): void;
}

/** The add-rule dialog while it is open: what `detectionRule.test` runs. */
export interface RuleTestTarget {
  /** Sends the text in the dialog to be tested and shows what it would find. */
  test(): void;
}

let ruleTarget: DetectionRuleTarget | null = null;
let testTarget: RuleTestTarget | null = null;

/** Makes the Detection rules screen the target of the rule commands; returns the undo. */
export function setDetectionRuleTarget(next: DetectionRuleTarget): () => void {
  ruleTarget = next;
  return () => {
    if (ruleTarget === next) ruleTarget = null;
  };
}

/** The rule list the commands act on, if it is shown. */
export function detectionRuleTarget(): DetectionRuleTarget | null {
  return ruleTarget;
}

/** Makes the open add-rule dialog the target of `detectionRule.test`; returns the undo. */
export function setRuleTestTarget(next: RuleTestTarget): () => void {
  testTarget = next;
  return () => {
    if (testTarget === next) testTarget = null;
  };
}

/** The add-rule dialog, if it is open. */
export function ruleTestTarget(): RuleTestTarget | null {
  return testTarget;
}
