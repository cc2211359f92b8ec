import { randomUUID } from 'node:crypto';

import type { StepInput, TemplateStep } from '../../../shared/schemas/templates';
import { invalid } from '../../domain-error';

/**
 * Gives each step of an edited checklist its id. A step keeps the id it was sent with (a label
 * edited in place), or else the id of an earlier step with the same label (unchanged, perhaps
 * moved); any other step is new and gets a fresh id. Ids are what a case's checklist and the
 * audit log refer to, so an edit that only reorders or rewords keeps them.
 */
export function assignStepIds(
  previous: readonly TemplateStep[],
  steps: readonly StepInput[],
): TemplateStep[] {
  const known = new Set(previous.map((step) => step.id));
  const sent = steps.flatMap((step) => (step.id ? [step.id] : []));
  const unknown = sent.find((id) => !known.has(id));
  if (unknown) throw invalid('The template has no step with one of those ids.', 'steps');
  if (new Set(sent).size !== sent.length) throw invalid('A step id is sent twice.', 'steps');

  const taken = new Set(sent);
  const byLabel = new Map<string, string[]>();
  for (const step of previous) {
    if (taken.has(step.id)) continue;
    byLabel.set(step.label, [...(byLabel.get(step.label) ?? []), step.id]);
  }
  return steps.map((step) => {
    if (step.id) return { id: step.id, label: step.label };
    const same = byLabel.get(step.label)?.shift();
    return { id: same ?? newStepId(), label: step.label };
  });
}

/** A fresh step id. */
export function newStepId(): string {
  return `s-${randomUUID().slice(0, 8)}`;
}
