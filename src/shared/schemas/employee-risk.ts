import { z } from 'zod';

import { riskLevels } from '../investigation-model';
import { epochMs } from './common';
import { employeeRefSchema } from './employees';
import { riskPartSchema } from './risk';

/** GET /employees/risk: the riskiest people first. `cursor` is the `next` of the last page. */
export const employeeRiskQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Leave out people scoring below this (0: everyone scored). */
  minScore: z.coerce.number().int().min(0).max(100).default(1),
  cursor: z
    .string()
    .regex(/^\d{1,3}:[^:]{1,64}$/, 'The cursor is the `next` value of the previous page.')
    .optional(),
});

/** One person's score, with the same parts and sentences as a case's score. */
export const employeeRiskSchema = z.object({
  subject: employeeRefSchema,
  score: z.number().int().min(0).max(100),
  level: z.enum(riskLevels),
  /** Alerts about them that are not dismissed (last 30 days). */
  openAlerts: z.number().int(),
  parts: z.array(riskPartSchema),
  computedAt: epochMs,
});
export type EmployeeRisk = z.infer<typeof employeeRiskSchema>;

export const employeeRiskReplySchema = z.object({
  people: z.array(employeeRiskSchema),
  next: z.string().nullable(),
});
export type EmployeeRiskReply = z.infer<typeof employeeRiskReplySchema>;
