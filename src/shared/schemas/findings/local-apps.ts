import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema } from './common';

/** Categories of local software that move or hide data. */
export const riskyAppCategories = [
  'cloud sync',
  'anonymizer',
  'archiver',
  'remote access',
  'file transfer',
] as const;

/** GET findings/local-apps. */
export const localAppsReplySchema = z.object({
  window: findingWindowSchema,
  apps: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      runs: z.number().int(),
      installs: z.number().int(),
      distinctDays: z.number().int(),
      firstSeen: epochMs,
      lastSeen: epochMs,
      category: z.enum(riskyAppCategories).nullable(),
      risky: z.boolean(),
    }),
  ),
});
export type LocalAppsReply = z.infer<typeof localAppsReplySchema>;
