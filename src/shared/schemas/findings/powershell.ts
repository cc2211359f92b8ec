import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema, severitySchema } from './common';

/**
 * What makes a process start a PowerShell start: one of these words in its name, case aside.
 * The page's count and the timeline filter it links with (`process`) read this one list.
 */
export const POWERSHELL_PROCESS_WORDS = ['powershell', 'pwsh'] as const;

/** An ATT&CK technique a command points to. */
export const techniqueHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  pattern: z.string(),
});

/** GET findings/powershell-pseudo-commands. */
export const powershellReplySchema = z.object({
  window: findingWindowSchema,
  summary: z.object({
    scriptBlocks: z.number().int(),
    powershellProcesses: z.number().int(),
    suspicious: z.number().int(),
    encoded: z.number().int(),
  }),
  techniques: z.array(z.object({ id: z.string(), name: z.string(), commands: z.number().int() })),
  commands: z.array(
    z.object({
      id: z.string(),
      time: epochMs,
      kind: z.enum(['script_block', 'process']),
      device: z.string().nullable(),
      /** Normalized: decoded when it was encoded, secrets and user paths masked, whitespace folded. */
      command: z.string(),
      decoded: z.boolean(),
      truncated: z.boolean(),
      severity: severitySchema,
      techniques: z.array(techniqueHitSchema),
    }),
  ),
});
export type PowershellReply = z.infer<typeof powershellReplySchema>;
