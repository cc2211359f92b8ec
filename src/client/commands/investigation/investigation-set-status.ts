import { z } from 'zod';

import {
  investigationStatuses,
  statusLabels,
  statusTransitions,
} from '../../../shared/investigation-model';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { defineCommand } from '../command';
import { applyUpdate } from './apply-update';
import { currentInvestigation } from './current-investigation';

const args = z.object({ status: z.enum(investigationStatuses) });

/**
 * Sets the status of the current investigation; the palette offers only allowed transitions.
 * Closing and reopening go through their dialogs, which ask for the outcome and the reasons.
 */
export const investigationSetStatus = defineCommand({
  id: 'investigation.setStatus',
  title: 'Set Investigation Status…',
  category: 'Investigation',
  keywords: ['close'],
  disabledReason: (c) =>
    !c.investigationId
      ? 'Open an investigation first.'
      : c.permissions.has('investigations.write')
        ? null
        : 'Your role does not allow changing investigations.',
  choices: (c) => {
    const current = currentInvestigation(c);
    const allowed = current ? statusTransitions[current.status] : investigationStatuses;
    return allowed.map((status) => ({
      id: status,
      label: statusLabels[status],
      ...(status === 'closed'
        ? { hint: 'Asks for the outcome and the reason' }
        : current?.status === 'closed'
          ? { hint: 'Asks for the reason' }
          : {}),
      args: { status },
    }));
  },
  run: async (raw, c) => {
    const { status } = args.parse(raw);
    const id = c.investigationId!;
    // Closing needs an outcome and a reason, reopening a reason: their dialogs ask.
    if (status === 'closed') {
      appStore.set(openDialogAtom, { kind: 'closeInvestigation', investigationId: id });
      return;
    }
    if (currentInvestigation(c)?.status === 'closed') {
      appStore.set(openDialogAtom, { kind: 'reopenInvestigation', investigationId: id });
      return;
    }
    await applyUpdate(id, { status }, `Status set to ${statusLabels[status]}`);
  },
});
