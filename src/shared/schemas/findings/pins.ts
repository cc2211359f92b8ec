import { z } from 'zod';

import { evidencePageSlugs } from '../../findings/catalogue';
import { epochMs, userRefSchema } from '../common';

/** What a pin points at. */
export const pinKinds = ['event', 'finding', 'incident', 'file', 'contact'] as const;

/** Where a pin can come from: an evidence page (its slug), or the incident timeline. */
const pinPages: readonly string[] = [...evidencePageSlugs, 'incidents'];

/** POST /investigations/{id}/evidence/pins. */
export const createPinBodySchema = z.strictObject({
  kind: z.enum(pinKinds),
  /** What was pinned, stable within its kind: an event id, `file-access/files:<fileId>`... */
  ref: z.string().trim().min(1, 'ref must not be empty').max(500),
  /** What the locker shows for it. */
  label: z.string().trim().min(1, 'label must not be empty').max(300),
  /** The evidence page it came from, `incidents` for the incident timeline, or none. */
  page: z
    .string()
    .max(60)
    .refine((page) => pinPages.includes(page), {
      error: `must be an evidence page or incidents: ${pinPages.join(', ')}`,
    })
    .nullable()
    .default(null),
  /** The row as the investigator saw it. */
  snapshot: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((value) => JSON.stringify(value).length <= 20_000, {
      message: 'snapshot must be under 20,000 characters of JSON',
    }),
  note: z.string().max(2000).default(''),
});
export type CreatePinBody = z.input<typeof createPinBodySchema>;

/** One pinned piece of evidence. */
export const pinSchema = z.object({
  id: z.string(),
  kind: z.enum(pinKinds),
  ref: z.string(),
  label: z.string(),
  page: z.string().nullable(),
  snapshot: z.record(z.string(), z.unknown()),
  note: z.string(),
  createdBy: userRefSchema.nullable(),
  createdAt: epochMs,
});
export type Pin = z.infer<typeof pinSchema>;

/** GET /investigations/{id}/evidence/pins. */
export const pinsReplySchema = z.object({ pins: z.array(pinSchema) });
