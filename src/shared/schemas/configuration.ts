import { z } from 'zod';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(253)
  .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'is not a domain name like example.com');

/** A competitor the detectors look for in messages, mail and contacts. */
export const competitorSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  domains: z.array(domain).max(20).default([]),
});

/**
 * A Windows (NetBIOS) domain name and the company domain its accounts belong to: CORP\jdoe is
 * jdoe@northwind.example when CORP points to northwind.example. Names are kept upper-cased.
 */
export const netbiosDomainSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(15)
    .regex(/^[A-Z0-9][A-Z0-9._-]*$/, 'is not a NetBIOS domain name like CORP'),
  domain,
});

/** How much each part weighs in an investigation's 0-100 risk score. */
export const riskWeightsSchema = z.strictObject({
  incidents: z.number().min(0).max(10).default(1),
  exfiltration: z.number().min(0).max(10).default(1),
  afterHours: z.number().min(0).max(10).default(0.5),
  securityHygiene: z.number().min(0).max(10).default(0.7),
  accessRequests: z.number().min(0).max(10).default(0.6),
  departure: z.number().min(0).max(10).default(0.8),
});

/**
 * Detection settings (the configuration screen). Parsers use the domains to tell internal from
 * external; detectors use all of it. Every change is audited.
 */
export const configurationSchema = z.strictObject({
  companyDomains: z.array(domain).min(1, 'List at least one company domain.').max(50),
  personalEmailDomains: z.array(domain).max(200),
  competitors: z.array(competitorSchema).max(100),
  /** Sensitivity labels from least to most sensitive; the last ones count as sensitive. */
  sensitivityLabels: z.array(z.string().trim().min(1).max(60)).min(1).max(20),
  /** Labels (from the list above) whose movement raises alarms. */
  sensitiveLabels: z.array(z.string().trim().min(1).max(60)).max(20),
  defaultTimezone: z.string().min(1).max(64),
  defaultWorkStartHour: z.number().int().min(0).max(23),
  defaultWorkEndHour: z.number().int().min(1).max(24),
  riskWeights: riskWeightsSchema,
  /** Windows domain names of the company (CORP, EMEA), for joining Windows accounts to people. */
  netbiosDomains: z.array(netbiosDomainSchema).max(100).default([]),
});
export type Configuration = z.output<typeof configurationSchema>;

/** What a fresh installation starts with; matches the log generator's demo organization. */
export const defaultConfiguration: Configuration = {
  companyDomains: ['northwind.example'],
  personalEmailDomains: [
    'gmail.com',
    'outlook.com',
    'hotmail.com',
    'yahoo.com',
    'icloud.com',
    'proton.me',
    'protonmail.com',
    'gmx.com',
    'aol.com',
  ],
  competitors: [
    { name: 'Contoso', domains: ['contoso.example'] },
    { name: 'Fabrikam', domains: ['fabrikam.example'] },
    { name: 'Globex', domains: ['globex.example'] },
  ],
  sensitivityLabels: ['Public', 'Internal', 'Confidential', 'Highly Confidential'],
  sensitiveLabels: ['Confidential', 'Highly Confidential'],
  defaultTimezone: 'UTC',
  defaultWorkStartHour: 9,
  defaultWorkEndHour: 17,
  riskWeights: {
    incidents: 1,
    exfiltration: 1,
    afterHours: 0.5,
    securityHygiene: 0.7,
    accessRequests: 0.6,
    departure: 0.8,
  },
  netbiosDomains: [],
};
