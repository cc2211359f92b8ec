import { z } from 'zod';

import { isKnownTechnique } from '../../../shared/attack';
import { incidentSeverities } from '../../../shared/incident-model';
import { isKnownItmSection } from '../../../shared/insider-threat-matrix';
import { watchlistId } from '../../../shared/schemas/watchlists';
import { durationMs, isDuration } from './durations';
import { isMeasurable, resolveField } from './fields';
import type { Filter } from './filter-types';
import { pinnedActivities, validateFilter } from './validate-filter';
import { whyPlaceholders } from './why';

const duration = z
  .string()
  .refine(isDuration, 'Write a duration as a number and m, h or d, e.g. 30m, 4h or 7d.');

// Checked by hand rather than by a zod union, so a mistake is reported with its exact path.
const filter = z
  .unknown()
  .superRefine((value, ctx) => {
    validateFilter(value, '', (path, message) =>
      ctx.addIssue({ code: 'custom', message: path ? `${path.slice(1)}: ${message}` : message }),
    );
  })
  .transform((value) => value as Filter);

const measure = z.union([
  z.literal('count'),
  z.strictObject({ distinct: z.string() }),
  z.strictObject({ sum: z.string() }),
]);

/**
 * One step of a rule: which events count (`match`), in what time window (`window`), and how
 * many it takes (`atLeast` of the `measure`, counted by default). Optional: `baseline` (the
 * burst must hold that many times the events the subject usually has per window, measured over
 * the rest of the investigation window, which must hold a window in which the subject did
 * anything) and `peers` (only values nobody else in the subject's department produced).
 */
export const stepSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z][A-Za-z0-9]{0,39}$/, 'Step names are camelCase words, e.g. downloads.'),
  description: z.string().max(500).optional(),
  match: filter,
  window: duration,
  measure: measure.default('count'),
  atLeast: z.number().positive().max(1e15),
  baseline: z.strictObject({ times: z.number().min(1).max(1000) }).optional(),
  peers: z.strictObject({ group: z.literal('department'), unseen: z.string() }).optional(),
});
export type RuleStep = z.output<typeof stepSchema>;

/** A detection rule as a reviewer reads it in src/server/analysis/rules/rules/<id>.json. */
export const ruleSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Rule ids are kebab-case.'),
    title: z.string().min(1).max(200),
    description: z.string().min(1).max(2000),
    severity: z.enum(incidentSeverities),
    techniques: z
      .array(
        z.string().refine(isKnownTechnique, {
          error: (issue) =>
            `${String(issue.input)} is not in Vigil's ATT&CK catalogue (src/shared/attack).`,
        }),
      )
      // Some insider behaviour has no ATT&CK technique (work moving to the night, say).
      .max(10),
    /** Insider Threat Matrix sections the behaviour belongs to (src/shared/insider-threat-matrix). */
    itm: z
      .array(
        z.string().refine(isKnownItmSection, {
          error: (issue) =>
            `${String(issue.input)} is not in Vigil's Insider Threat Matrix catalogue (src/shared/insider-threat-matrix.ts).`,
        }),
      )
      .max(10)
      .default([]),
    condition: z.strictObject({
      steps: z.array(stepSchema).min(1).max(4),
      /** For sequences: how long after one step ends the next may begin. */
      within: duration.optional(),
    }),
    /** The sentence an incident shows, with `{step.count}`-style placeholders. */
    why: z.string().min(1).max(1000),
    /** How many events of each step the incident's timeline keeps. */
    timelineLimit: z.number().int().min(1).max(5000).default(1000),
    /**
     * Detection over everyone watches only the people on this watchlist with this rule
     * (`departing`, `new-hires`, `privileged` or a kept list's id). A case runs it regardless:
     * an investigator wants every finding about their subject.
     */
    watchlist: watchlistId.optional(),
    /** Alerts about people on this watchlist take this severity instead (usually higher). */
    raiseOn: z
      .strictObject({ watchlist: watchlistId, severity: z.enum(incidentSeverities) })
      .optional(),
  })
  .superRefine((rule, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const { steps, within } = rule.condition;
    if (steps.length > 1 && !within)
      issue(
        ['condition', 'within'],
        'A sequence of steps says "within" how long each follows the last.',
      );
    if (steps.length === 1 && within)
      issue(['condition', 'within'], '"within" only applies to a sequence of two or more steps.');
    const names = new Set<string>();
    steps.forEach((step, i) => {
      const at = ['condition', 'steps', i];
      if (names.has(step.name)) issue([...at, 'name'], `Two steps are called "${step.name}".`);
      names.add(step.name);
      if (!pinnedActivities(step.match)) {
        issue(
          [...at, 'match'],
          'The match must limit "activity" (eq or in) at its top level, so the rule reads the subject’s events by index.',
        );
      }
      if (step.measure !== 'count') {
        const [kind, field] =
          'distinct' in step.measure
            ? (['distinct', step.measure.distinct] as const)
            : (['sum', step.measure.sum] as const);
        if (!isMeasurable(field, kind))
          issue([...at, 'measure'], `"${field}" cannot be measured with ${kind}.`);
      }
      if (step.peers && resolveField(step.peers.unseen)?.kind !== 'text') {
        issue([...at, 'peers', 'unseen'], `"${step.peers.unseen}" is not a text field.`);
      }
      if (isDuration(step.window) && durationMs(step.window) > 90 * 86_400_000)
        issue([...at, 'window'], 'A window is at most 90 days.');
    });
    for (const problem of whyPlaceholders(rule.why, steps)) issue(['why'], problem);
  });

/** A validated rule with defaults applied. */
export type Rule = z.output<typeof ruleSchema>;
