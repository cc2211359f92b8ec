import { z } from 'zod';

import { riskLevels } from '../investigation-model';
import { identityStates } from './privacy';

/**
 * An employee as the API shows them (always through the server's employee presenter). While
 * pseudonymized, `fullName` is their pseudonym, `email` a pseudonymous address, and department
 * and title are null unless the privacy settings show them.
 */
export const employeeSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** The stable pseudonym, always present, e.g. "Person 7F3K-9QX2". */
  pseudonym: z.string(),
  identity: z.enum(identityStates),
  department: z.string().nullable(),
  title: z.string().nullable(),
  managerId: z.string().nullable(),
  location: z.string().nullable(),
  timezone: z.string().nullable(),
  workStartHour: z.number().nullable(),
  workEndHour: z.number().nullable(),
  startDate: z.string().nullable(),
  resignationDate: z.string().nullable(),
  departureDate: z.string().nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** A short reference to the subject of an investigation. */
export const employeeRefSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  pseudonym: z.string(),
  identity: z.enum(identityStates),
  department: z.string().nullable(),
  title: z.string().nullable(),
});
export type EmployeeRef = z.infer<typeof employeeRefSchema>;

export const employeesQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  department: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
  /** By name, or riskiest first (people never scored last). */
  sort: z.enum(['name', 'risk']).default('name'),
});

/**
 * A person in the directory with their risk score: null when they were never scored, or when
 * the caller may not see alerts (every case and its evidence), since a score says there are some.
 */
export const directoryEmployeeSchema = employeeSchema.extend({
  riskScore: z.number().int().min(0).max(100).nullable(),
  riskLevel: z.enum(riskLevels).nullable(),
});
export type DirectoryEmployee = z.infer<typeof directoryEmployeeSchema>;

export const employeesReplySchema = z.object({
  employees: z.array(directoryEmployeeSchema),
  total: z.number(),
});
export type EmployeesReply = z.infer<typeof employeesReplySchema>;
