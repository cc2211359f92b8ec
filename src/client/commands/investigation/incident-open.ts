import { z } from 'zod';

import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';

const args = z.object({
  investigationId: z.string().min(1),
  incidentId: z.string().min(1),
  newTab: z.boolean().optional(),
});

/** Opens an incident timeline by id (the palette finds incidents under `#`). */
export const incidentOpen = defineCommand({
  id: 'incident.open',
  title: 'Open Incident…',
  category: 'Incident',
  keywords: ['timeline', 'alert'],
  disabledReason: (c) =>
    c.permissions.has('evidence.read') ? null : 'Your role does not give access to evidence.',
  run: (raw) => {
    const { investigationId, incidentId, newTab } = args.parse(raw);
    workspace.open(
      `/app/investigations/${encodeURIComponent(investigationId)}/incidents/${encodeURIComponent(incidentId)}`,
      {
        newTab: newTab ?? false,
      },
    );
  },
});
