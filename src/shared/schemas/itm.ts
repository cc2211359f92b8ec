import { z } from 'zod';

import { incidentSeverities } from '../incident-model';
import { itmThemes } from '../insider-threat-matrix';

/** GET /investigations/{id}/insider-threat-matrix: the sections a case's incidents belong to. */
export const activeItmReplySchema = z.object({
  pending: z.boolean(),
  sections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      theme: z.enum(itmThemes.map((t) => t.id) as [string, ...string[]]),
      /** Incidents whose rule names the section (dismissed ones left out). */
      count: z.number().int(),
      eventCount: z.number().int(),
      maxSeverity: z.enum(incidentSeverities),
      incidents: z.array(z.string()),
    }),
  ),
});
export type ActiveItmReply = z.infer<typeof activeItmReplySchema>;
