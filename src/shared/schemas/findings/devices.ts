import { z } from 'zod';

import { epochMs } from '../common';
import { dayCountSchema, eventRowSchema, findingWindowSchema } from './common';

/** One device the subject used. */
export const deviceRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  os: z.string().nullable(),
  managed: z.boolean().nullable(),
  compliance: z.string().nullable(),
  ownerType: z.string().nullable(),
  firstSeen: epochMs,
  lastSeen: epochMs,
  observations: z.number().int(),
  removableMediaWrites: z.number().int(),
  flagged: z.boolean(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

/** GET findings/devices. */
export const devicesReplySchema = z.object({
  window: findingWindowSchema,
  devices: z.array(deviceRowSchema),
  removableMedia: z.object({
    writes: z.number().int(),
    bytes: z.number().int(),
    days: z.array(dayCountSchema),
    events: z.array(eventRowSchema),
  }),
});
export type DevicesReply = z.infer<typeof devicesReplySchema>;
