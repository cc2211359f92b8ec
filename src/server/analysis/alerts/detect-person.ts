import type { Kysely } from 'kysely';

import type { DetectionWork } from '../../db/queries/detection-queue';
import { inTransaction } from '../../db/in-transaction';
import { recordAlert } from '../../db/queries/alert-writes';
import { queueNotification } from '../../notify/queue-notification';
import { isOnWatchlist } from '../../db/queries/watchlists';
import type { Database } from '../../db/schema';
import type { Configuration } from '../../../shared/schemas/configuration';
import type { FilterContext } from '../rules/compile-filter';
import { localClock } from '../../../shared/time/local-time';
import type { AnalysisScope } from '../rules/find-bursts';
import type { Rule } from '../rules/rule-schema';
import { runRule } from '../rules/run-rule';
import type { RuleHit } from '../rules/run-rule';
import { timelineSelect } from '../rules/timeline-select';
import type { RuleSpan } from './candidate-rules';
import { candidateRules } from './candidate-rules';
import { spansOf } from './people-candidates';
import { mergeGapMs } from './look-back';
import { DeadlinePassed, RULE_DEADLINE_MS, withDeadline } from './rule-deadline';
import { shippedPolicies } from '../rules/policies';

/** Whether the person is on a watchlist, asked once per list and pass. */
export function watchlistMembership(db: Kysely<Database>, employeeId: string, now: number) {
  const known = new Map<string, Promise<boolean>>();
  return (id: string): Promise<boolean> => {
    let answer = known.get(id);
    if (!answer) {
      answer = isOnWatchlist(db, id, employeeId, now);
      known.set(id, answer);
    }
    return answer;
  };
}

/** What detection did for one person. */
export interface PersonOutcome {
  hits: number;
  raised: number;
  extended: number;
  /** Rules that ran past their deadline over the person's events (they raised nothing). */
  tooSlow: string[];
}

/** When the rule about to run must have ended (epoch ms): by default RULE_DEADLINE_MS from now. */
export type RuleDeadline = () => number;

const defaultDeadline: RuleDeadline = () => Date.now() + RULE_DEADLINE_MS;

/** Which of some rules could fire for one person (candidateRules, or its second half). */
type FindCandidates = (
  db: Kysely<Database>,
  spans: readonly RuleSpan[],
  context: FilterContext,
) => Promise<RuleSpan[]>;

/**
 * The rules that could fire, each found with its deadline: all rules in one statement, and
 * only when that statement runs past the deadline, rule by rule, to tell which is too slow.
 */
async function candidatesWithin(
  db: Kysely<Database>,
  find: FindCandidates,
  spans: readonly RuleSpan[],
  context: FilterContext,
  deadline: RuleDeadline,
  tooSlow: string[],
): Promise<RuleSpan[]> {
  if (spans.length === 0) return [];
  try {
    return await withDeadline(db, context, deadline(), (d, c) => find(d, spans, c));
  } catch (error) {
    if (!(error instanceof DeadlinePassed)) throw error;
  }
  if (spans.length === 1) {
    tooSlow.push(spans[0]!.rule.id);
    return [];
  }
  const kept: RuleSpan[] = [];
  for (const span of spans) {
    kept.push(...(await candidatesWithin(db, find, [span], context, deadline, tooSlow)));
  }
  return kept;
}

/** What detection reads of a person. */
export interface DetectedPerson {
  id: string;
  department: string | null;
  timezone: string | null;
  work_start_hour: number | null;
  work_end_hour: number | null;
}

/** The people of a batch that still exist, in one statement. */
export function peopleToDetect(db: Kysely<Database>, ids: readonly string[]) {
  return db
    .selectFrom('employees')
    .select(['id', 'department', 'timezone', 'work_start_hour', 'work_end_hour'])
    .where('id', 'in', [...ids])
    .execute();
}

/** A person's clock over the span detection reads for the work (a month before it, for baselines). */
export function detectionClock(
  person: DetectedPerson,
  config: Configuration,
  span: { from: number; to: number },
) {
  return localClock(
    {
      timezone: person.timezone,
      workStartHour: person.work_start_hour,
      workEndHour: person.work_end_hour,
    },
    config,
    { start: span.from - 31 * 86_400_000, end: span.to + 1 },
  );
}

/** The rules a person gets: those tied to a watchlist only while they are on it. */
export async function rulesForPerson(
  rules: readonly Rule[],
  watched: (id: string) => Promise<boolean>,
): Promise<Rule[]> {
  const kept: Rule[] = [];
  for (const rule of rules) {
    if (rule.watchlist && !(await watched(rule.watchlist))) continue;
    kept.push(rule);
  }
  return kept;
}

/**
 * What a batch already did for the person: read them, asked their watchlists, and found the
 * rules that could fire (countedRulesOfPeople, then possibleRulesOfPeople): `candidates`.
 */
export interface CountedPerson {
  person: DetectedPerson;
  watched: (id: string) => Promise<boolean>;
  candidates: RuleSpan[];
}

/**
 * Runs every rule over one person's events that arrived (the work's span) plus the look-back
 * each rule needs, and records each hit as an alert (with its notifications), in one transaction: a pass that fails
 * leaves nothing half-recorded and the person stays queued. A rule that runs past its deadline
 * is stopped and named in the outcome, and the others go on.
 */
export async function detectPerson(
  db: Kysely<Database>,
  work: DetectionWork,
  rules: readonly Rule[],
  shared: FilterContext,
  config: Configuration,
  now: number,
  deadline: RuleDeadline = defaultDeadline,
  batch?: CountedPerson,
): Promise<PersonOutcome> {
  const person = batch
    ? batch.person
    : await db
        .selectFrom('employees')
        .select(['id', 'department', 'timezone', 'work_start_hour', 'work_end_hour'])
        .where('id', '=', work.employeeId)
        .executeTakeFirst();
  const outcome: PersonOutcome = { hits: 0, raised: 0, extended: 0, tooSlow: [] };
  if (!person) return outcome;
  const context: FilterContext = { ...shared, hours: detectionClock(person, config, work) };
  const found: Array<{
    rule: Rule;
    scope: AnalysisScope;
    hit: RuleHit;
    severity: Rule['severity'];
  }> = [];
  const watched = batch?.watched ?? watchlistMembership(db, person.id, now);
  const candidates = batch
    ? batch.candidates
    : await candidatesWithin(
        db,
        (d, spans, c) => candidateRules(d, person.id, spans, c),
        spansOf({ ...work, rules: await rulesForPerson(rules, watched) }),
        context,
        deadline,
        outcome.tooSlow,
      );
  for (const { rule, from, to, seen } of candidates) {
    const scope: AnalysisScope = {
      employeeId: person.id,
      department: person.department,
      from,
      to,
      ...(seen ? { seen } : {}),
    };
    let hits: RuleHit[];
    try {
      hits = await withDeadline(db, context, deadline(), (d, c) => runRule(d, rule, scope, c));
    } catch (error) {
      if (!(error instanceof DeadlinePassed)) throw error;
      outcome.tooSlow.push(rule.id);
      continue;
    }
    if (hits.length === 0) continue;
    // Asked before the transaction: on SQLite the transaction holds the one connection.
    const raised = rule.raiseOn !== undefined && (await watched(rule.raiseOn.watchlist));
    const severity = raised ? rule.raiseOn!.severity : rule.severity;
    for (const hit of hits) found.push({ rule, scope, hit, severity });
  }
  if (found.length === 0) return outcome;
  await inTransaction(db, async (trx) => {
    for (const { rule, scope, hit, severity } of found) {
      const recorded = await recordAlert(
        trx,
        {
          ruleId: rule.id,
          title: rule.title,
          description: rule.description,
          severity,
          techniques: rule.techniques,
          itm: rule.itm,
          employeeId: person.id,
          first: hit.first,
          last: hit.last,
          why: hit.why,
          mergeGapMs: mergeGapMs(rule),
          events: (alertId) =>
            rule.condition.steps.map((step, i) =>
              timelineSelect(step, hit.bursts[i]!, scope, context, alertId, rule.timelineLimit),
            ),
        },
        now,
      );
      // Queued with the alert, in its transaction; sent later, in the background.
      const facts = {
        id: recorded.id,
        title: rule.title,
        severity,
        ruleId: rule.id,
        policyIds: shippedPolicies()
          .filter((policy) => policy.rules.includes(rule.id))
          .map((policy) => policy.id),
        employeeId: person.id,
      };
      if (recorded.created) {
        await queueNotification(trx, { type: 'alert.created', alert: facts }, now);
      } else if (recorded.raisedFrom) {
        await queueNotification(
          trx,
          { type: 'alert.severity_raised', alert: facts, previousSeverity: recorded.raisedFrom },
          now,
        );
      }
      outcome.hits += 1;
      if (recorded.created) outcome.raised += 1;
      else outcome.extended += 1;
    }
  });
  return outcome;
}
