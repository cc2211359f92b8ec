import { z } from 'zod';

import { epochMs } from './common';

/** The insider storylines the generator can inject (the server checks they match its own). */
export const generatorScenarioIds = [
  'departing-exfiltration',
  'mass-repo-clone',
  'after-hours',
  'access-outside-role',
  'security-tampering',
  'mass-deletion',
  'competitor-contact',
  'cloud-upload',
] as const;
export type GeneratorScenarioId = (typeof generatorScenarioIds)[number];

/** Names of the storylines for the form. */
export const generatorScenarioLabels: Record<GeneratorScenarioId, string> = {
  'departing-exfiltration': 'Departing employee: labelled files to USB and personal email',
  'mass-repo-clone': 'Mass repository cloning',
  'after-hours': 'After-hours activity spike',
  'access-outside-role': 'Access requests outside the role',
  'security-tampering': 'Security-tool tampering through PowerShell',
  'mass-deletion': 'Mass deletion',
  'competitor-contact': 'Contact with a competitor',
  'cloud-upload': 'Uploads to personal cloud storage',
};

/** The storylines a run injects when the form does not say: every one, on one person each. */
export const defaultGeneratorScenarios = generatorScenarioIds.map((id) => ({
  id,
  count: id === 'departing-exfiltration' ? 2 : 1,
}));

/** Options of one generator run (the CLI's options, with limits fit for a server). */
export const generatorRunBodySchema = z.strictObject({
  employees: z.number().int().min(1).max(2000).default(50),
  days: z.number().int().min(1).max(365).default(30),
  seed: z.number().int().min(0).max(4_294_967_295).default(1),
  /** Last day generated; default today, stopping at the current time. */
  endDate: z.iso.date('is not a date in the form YYYY-MM-DD').optional(),
  scenarios: z
    .array(
      z.strictObject({ id: z.enum(generatorScenarioIds), count: z.number().int().min(0).max(20) }),
    )
    .max(generatorScenarioIds.length)
    .default(defaultGeneratorScenarios),
  eventsPerWorkday: z.number().min(1).max(500).default(45),
});
export type GeneratorRunBody = z.input<typeof generatorRunBodySchema>;

/** How far one source of a run got. */
export const generatorSourceProgressSchema = z.object({
  source: z.string(),
  label: z.string(),
  state: z.enum(['waiting', 'ingesting', 'done', 'failed']),
  records: z.number().int(),
  events: z.number().int(),
  accepted: z.number().int(),
  duplicate: z.number().int(),
});

/** One injected storyline, as the screen lists it: who, when, what, expected techniques. */
export const generatorScenarioSchema = z.object({
  index: z.number().int(),
  scenario: z.string(),
  employeeId: z.string(),
  email: z.string(),
  start: z.string(),
  end: z.string(),
  techniques: z.array(z.string()),
  relatedTechniques: z.array(z.string()),
  summary: z.string(),
  records: z.number().int(),
  events: z.number().int(),
});

/** The parts of the generator's manifest the screen shows. */
export const generatorManifestSchema = z.object({
  seed: z.number().int(),
  window: z.object({ firstDay: z.string(), lastDay: z.string(), days: z.number().int() }),
  employees: z.number().int(),
  totals: z.object({ records: z.number().int(), events: z.number().int() }),
  sources: z.array(
    z.object({
      source: z.string(),
      file: z.string(),
      records: z.number().int(),
      events: z.number().int(),
    }),
  ),
  scenarios: z.array(generatorScenarioSchema),
});
export type GeneratorManifestSummary = z.infer<typeof generatorManifestSchema>;

/** A generator run: its options, progress, and the manifest once it is done. */
export const generatorRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  phase: z.string(),
  percent: z.number().min(0).max(100),
  startedAt: epochMs,
  finishedAt: epochMs.nullable(),
  options: z.object({
    employees: z.number().int(),
    days: z.number().int(),
    seed: z.number().int(),
    endDate: z.string(),
    eventsPerWorkday: z.number(),
    scenarios: z.array(z.object({ id: z.string(), count: z.number().int() })),
  }),
  sources: z.array(generatorSourceProgressSchema),
  manifest: generatorManifestSchema.nullable(),
  error: z.string().nullable(),
});
export type GeneratorRun = z.infer<typeof generatorRunSchema>;

export const currentGeneratorRunReplySchema = z.object({ run: generatorRunSchema.nullable() });
