import { z } from 'zod';

import {
  investigationStatuses,
  statusLabels,
  statusTransitions,
} from '../../../shared/investigation-model';
import { defineCommand } from '../command';
import { applyUpdate } from './apply-update';
import { currentInvestigation } from './current-investigation';

const args = z.object({ status: z.enum(investigationStatuses) });

/** Sets the status of the current investigation; the palette offers only allowed transitions. */
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
    return allowed.map((status) => ({ id: status, label: statusLabels[status], args: { status } }));
  },
  run: async (raw, c) => {
    const { status } = args.parse(raw);
    await applyUpdate(c.investigationId!, { status }, `Status set to ${statusLabels[status]}`);
  },
});
