import { z } from 'zod';

import { epochMs, userRefSchema } from './common';

/**
 * How a person shows in a reply: `pseudonymized` (only their pseudonym), `revealed` (a reveal
 * granted for the case in question), `open` (pseudonymization is switched off installation-wide).
 */
export const identityStates = ['pseudonymized', 'revealed', 'open'] as const;
export type IdentityState = (typeof identityStates)[number];

/** How a reveal is granted: at once, or after a privacy officer approves it. */
export const revealApprovals = ['immediate', 'privacy_officer'] as const;

const DAY_LIMIT = 36_500;

/** Retention periods in days; the daily job removes what is older (legal holds excepted). */
export const retentionSchema = z.strictObject({
  eventsDays: z.number().int().min(1).max(DAY_LIMIT).default(180),
  closedCaseDays: z.number().int().min(1).max(DAY_LIMIT).default(2557),
  auditDays: z.number().int().min(1).max(DAY_LIMIT).default(2557),
});
export type Retention = z.output<typeof retentionSchema>;

/**
 * The shortest audit period: a year. The log is how anyone learns what Vigil did with the
 * people it watches; a shorter period would let its own history be erased within days.
 */
export const AUDIT_DAYS_FLOOR = 365;

/** PUT /privacy/retention: the periods, the audit log's at least a year. */
export const retentionUpdateSchema = retentionSchema.extend({
  auditDays: z
    .number()
    .int('The audit period is a whole number of days.')
    .min(
      AUDIT_DAYS_FLOOR,
      `The audit log must be kept for at least ${AUDIT_DAYS_FLOOR} days: it is the record of what Vigil did with the people it watches.`,
    )
    .max(DAY_LIMIT),
});

/** The privacy settings (one document, audited on every change). */
export const privacySettingsSchema = z.strictObject({
  /** People show as stable pseudonyms unless revealed for a case. */
  pseudonymize: z.boolean().default(true),
  /** Whether department and title show beside a pseudonym. */
  showOrgDetails: z.boolean().default(true),
  revealApproval: z.enum(revealApprovals).default('privacy_officer'),
  /** How long a granted reveal holds. */
  revealHours: z.number().int().min(1).max(720).default(24),
  retention: retentionSchema.default({ eventsDays: 180, closedCaseDays: 2557, auditDays: 2557 }),
});
export type PrivacySettings = z.output<typeof privacySettingsSchema>;

export const defaultPrivacySettings: PrivacySettings = privacySettingsSchema.parse({});

export const revealStatuses = ['pending', 'granted', 'denied', 'withdrawn', 'expired'] as const;
export type RevealStatus = (typeof revealStatuses)[number];

/** POST /investigations/{id}/reveals */
export const revealRequestSchema = z.strictObject({
  employeeId: z.string().trim().min(1).max(128),
  purpose: z
    .string()
    .trim()
    .min(10, 'Say why you need to see who this is, in at least 10 characters.')
    .max(2000),
});

/** POST /reveals/{id}/approve and /deny */
export const revealDecisionSchema = z.strictObject({
  reason: z.string().trim().max(2000).optional(),
});

/**
 * A reveal as the API shows it. `employee` is the person as the caller may see them now: the
 * pseudonym, or the identity while the reveal holds for this case.
 */
export const revealSchema = z.object({
  id: z.string(),
  investigationId: z.string(),
  investigationTitle: z.string().optional(),
  employeeId: z.string(),
  pseudonym: z.string(),
  purpose: z.string(),
  status: z.enum(revealStatuses),
  requestedBy: userRefSchema,
  requestedAt: epochMs,
  decidedBy: userRefSchema.nullable(),
  decidedAt: epochMs.nullable(),
  decisionReason: z.string().nullable(),
  expiresAt: epochMs.nullable(),
});
export type Reveal = z.infer<typeof revealSchema>;

/** Whether people are pseudonymized, for the banner every screen shows while they are not. */
export const privacyStatusSchema = z.object({
  pseudonymize: z.boolean(),
  showOrgDetails: z.boolean(),
  revealApproval: z.enum(revealApprovals),
  revealHours: z.number().int(),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

/** PUT /privacy/settings: the parts to change; retention has its own endpoint. */
export const privacySettingsUpdateSchema = z
  .strictObject({
    pseudonymize: z.boolean(),
    showOrgDetails: z.boolean(),
    revealApproval: z.enum(revealApprovals),
    revealHours: z
      .number()
      .int('Reveal hours are a whole number.')
      .min(1, 'A reveal holds for at least 1 hour.')
      .max(720, 'A reveal holds for at most 720 hours (30 days).'),
  })
  .partial();
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;

/** GET|PUT /privacy/settings: the status for everyone, retention for configuration.manage. */
export const privacySettingsReplySchema = privacyStatusSchema.extend({
  retention: retentionSchema.optional(),
});
export type PrivacySettingsReply = z.infer<typeof privacySettingsReplySchema>;

/** GET /reveals?status= (privacy officers). */
export const revealListQuerySchema = z.strictObject({
  status: z.enum(revealStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
