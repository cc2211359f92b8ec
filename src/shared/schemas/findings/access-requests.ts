import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema } from './common';

/**
 * How a request's status (as the source words it) reads: the page's Approved, Pending and
 * Rejected figures count, and link to, the requests whose status matches.
 */
export const REQUEST_STATUSES = {
  approved: /approved|granted|fulfilled|closed complete/i,
  pending: /pending|progress|requested|open|new/i,
  rejected: /reject|denied|declined|cancel/i,
} as const;

/** One access request of the subject. */
export const accessRequestRowSchema = z.object({
  id: z.string(),
  time: epochMs,
  number: z.string().nullable(),
  resource: z.string(),
  role: z.string().nullable(),
  status: z.string(),
  approver: z.string().nullable(),
  justification: z.string().nullable(),
  /** Share of the subject's department peers who asked for the same resource and role. */
  peerShare: z.number(),
  outsidePeerNorm: z.boolean(),
  privileged: z.boolean(),
  afterResignation: z.boolean(),
  flagged: z.boolean(),
  reasons: z.array(z.string()),
});
export type AccessRequestRow = z.infer<typeof accessRequestRowSchema>;

/** GET findings/access-requests. */
export const accessRequestsReplySchema = z.object({
  window: findingWindowSchema,
  department: z.string().nullable(),
  peers: z.number().int(),
  resignationDate: z.string().nullable(),
  requests: z.array(accessRequestRowSchema),
  summary: z.object({
    total: z.number().int(),
    flagged: z.number().int(),
    approved: z.number().int(),
    pending: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type AccessRequestsReply = z.infer<typeof accessRequestsReplySchema>;
