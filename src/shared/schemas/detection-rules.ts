import { z } from 'zod';

import { incidentSeverities } from '../incident-model';
import { epochMs, userRefSchema } from './common';
import { employeeRefSchema } from './employees';

/** How a rule is written: Vigil's JSON rule language, or Sigma YAML. */
export const ruleFormats = ['vigil', 'sigma'] as const;
export type RuleFormat = (typeof ruleFormats)[number];

/** A detection rule as the Detection rules screen lists it. */
export const detectionRuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(incidentSeverities),
  techniques: z.array(z.string()),
  format: z.enum(ruleFormats),
  /** Shipped with Vigil (a file in the repository: it can be disabled, not deleted) or added. */
  origin: z.enum(['shipped', 'custom']),
  enabled: z.boolean(),
  /** Why detection switched it off (it ran past its deadline); null when on or switched by a person. */
  disabledReason: z.string().nullable(),
  /** The watchlist the rule is limited to, and the one that raises its severity. */
  watchlist: z.string().nullable(),
  raiseOn: z.object({ watchlist: z.string(), severity: z.enum(incidentSeverities) }).nullable(),
  /** The policy presets that include it. */
  policies: z.array(z.string()),
  /** Who added a custom rule, and when (null for shipped rules). */
  createdBy: userRefSchema.nullable(),
  createdAt: epochMs.nullable(),
  /** The text it was written in (the file for shipped rules). */
  source: z.string(),
});
export type DetectionRule = z.infer<typeof detectionRuleSchema>;

/** A policy preset: a named group of rules a user recognises. */
export const detectionPolicySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  rules: z.array(z.string()),
});
export type DetectionPolicy = z.infer<typeof detectionPolicySchema>;

/** GET /detection/rules. */
export const listDetectionRulesReplySchema = z.object({
  rules: z.array(detectionRuleSchema),
  policies: z.array(detectionPolicySchema),
});
export type ListDetectionRulesReply = z.infer<typeof listDetectionRulesReplySchema>;

const source = z
  .string()
  .min(1, 'Paste or upload the rule.')
  .max(200_000, 'A rule is at most 200,000 characters.');

/** POST /detection/rules: a rule written in either format; added disabled unless `enabled`. */
export const createDetectionRuleBodySchema = z.strictObject({
  format: z.enum(ruleFormats),
  source,
  enabled: z.boolean().default(false),
});
export type CreateDetectionRuleBody = z.input<typeof createDetectionRuleBodySchema>;

/** What adding a rule created (a Sigma text may hold a correlation and the rules it uses). */
export const createDetectionRuleReplySchema = z.object({ rules: z.array(detectionRuleSchema) });

/** PATCH /detection/rules/{id}. */
export const updateDetectionRuleBodySchema = z.strictObject({ enabled: z.boolean() });

/** POST /detection/rules/test: what a rule would find over the last `days` days; nothing stored. */
export const testDetectionRuleBodySchema = z.strictObject({
  format: z.enum(ruleFormats),
  source,
  days: z.coerce.number().int().min(1).max(90).default(30),
});
export type TestDetectionRuleBody = z.input<typeof testDetectionRuleBodySchema>;

export const testDetectionRuleReplySchema = z.object({
  days: z.number().int(),
  /** Events any step of the rules matches, whoever they belong to. */
  matchingEvents: z.number().int(),
  /** Of those, events whose account maps to nobody yet. */
  unmappedEvents: z.number().int(),
  /** How many alerts the rules would raise, and about whom (most first). */
  alerts: z.number().int(),
  people: z.array(
    z.object({
      subject: employeeRefSchema,
      matchingEvents: z.number().int(),
      alerts: z.number().int(),
    }),
  ),
  /** People with matching events beyond those examined (the most matching are examined). */
  peopleNotExamined: z.number().int(),
});
export type TestDetectionRuleReply = z.infer<typeof testDetectionRuleReplySchema>;
