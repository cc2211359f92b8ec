import { z } from 'zod';
import { toast } from 'sonner';

import { checklistQuery, tickChecklistStep } from '../../api/investigations/case-checklist';
import { queryClient } from '../../api/query-client';
import { defineCommand } from '../command';
import { needsEditableInvestigation } from '../investigation/current-investigation';

const args = z.object({ stepId: z.string().min(1) });

/**
 * Ticks a step of the current case's checklist, or unticks one already done; the palette lists
 * the steps with their state. The checklist on the overview does the same with Space or x.
 */
export const checklistTick = defineCommand({
  id: 'checklist.tick',
  title: 'Tick Checklist Step…',
  category: 'Investigation',
  keywords: ['checklist', 'step', 'done', 'untick', 'template', 'progress'],
  disabledReason: needsEditableInvestigation,
  choices: async (c) => {
    const checklist = await queryClient.fetchQuery(checklistQuery(c.investigationId!));
    if (checklist.steps.length === 0) {
      return [
        {
          id: 'none',
          label: 'This investigation has no checklist',
          args: { stepId: '' },
          disabledReason: 'Only cases opened from a template have a checklist.',
        },
      ];
    }
    return checklist.steps.map((step, index) => ({
      id: step.id,
      label: `${step.done ? '✓' : '○'} ${index + 1}. ${step.label}`,
      hint: step.done ? 'Done: choose to untick' : 'To do',
      args: { stepId: step.id },
    }));
  },
  run: async (raw, c) => {
    const { stepId } = args.parse(raw);
    const id = c.investigationId!;
    const current = await queryClient.fetchQuery(checklistQuery(id));
    const step = current.steps.find((s) => s.id === stepId);
    if (!step) return;
    try {
      const next = await tickChecklistStep(id, stepId, !step.done);
      toast.success(
        `${step.done ? 'Unticked' : 'Ticked'}: ${step.label} (${next.progress.done} of ${next.progress.total})`,
      );
    } catch (error) {
      toast.error('The checklist could not be changed', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  },
});
