import type { Kysely } from 'kysely';

import type { DatabaseHandle } from '../../db/database';
import type { DetectionWork } from '../../db/queries/detection-queue';
import { firstAndLastEventsOf, matchableSpansOf } from '../../db/queries/detection-spans';
import type { MatchableSpan } from '../../db/queries/detection-spans';
import type { Database } from '../../db/schema';
import type { Rule } from '../rules/rule-schema';
import { pinnedActivities } from '../rules/validate-filter';
import type { RuleSpan } from './candidate-rules';
import { lookBackMs } from './look-back';

/*
 * On PostgreSQL a person's detection span reaches back to their first event (a hire in 2014 in
 * the benchmark's organization: about 150 monthly partitions), and every statement naming the
 * span was planned over each partition it reaches, while the events a rule can match lie in two
 * or three. Every rule step names its activities, so detection reads the first and last event of
 * those activities for a batch, then each statement reads that span alone: the same rows.
 */

/**
 * On PostgreSQL, the first and last event of each claimed person that a running rule can match
 * (matchableSpansOf), so the batch's statements read only the partitions holding them; null on
 * SQLite, which has no partitions and would pay the extra read for nothing.
 */
export async function matchableSpansOfBatch(
  handle: DatabaseHandle,
  claimed: readonly DetectionWork[],
  running: readonly Rule[],
): Promise<Map<string, MatchableSpan> | null> {
  if (handle.dialect !== 'postgres' || claimed.length === 0 || running.length === 0) return null;
  const pinned = running.flatMap((rule) =>
    rule.condition.steps.map((step) => pinnedActivities(step.match)),
  );
  if (pinned.some((list) => list === null)) return null;
  const widest = Math.max(...running.map(lookBackMs));
  return matchableSpansOf(
    handle.db,
    claimed.map((work) => work.employeeId),
    [...new Set(pinned.flat() as string[])],
    {
      from: Math.min(...claimed.map((work) => work.from)) - widest,
      to: Math.max(...claimed.map((work) => work.to)) + 1,
    },
  );
}

/** A span cut to the person's matchable events: the same rows a rule's step can match. */
export function readSpan(
  span: { from: number; to: number },
  matchable: MatchableSpan | null | undefined,
): { from: number; to: number } {
  if (!matchable) return span;
  return { from: Math.max(span.from, matchable.first), to: Math.min(span.to, matchable.last + 1) };
}

/**
 * The span a rule's burst search reads of a person: cut to their matchable events (the same
 * bursts, over the partitions that hold them), except for a rule with peers (other people's
 * events in the span count) or with a baseline whose `seen` no batch read (a baseline asks for
 * the person's first and last event of any kind in the whole span).
 */
export function searchSpan(span: RuleSpan, matchable: MatchableSpan | null | undefined): RuleSpan {
  const steps = span.rule.condition.steps;
  const whole =
    steps.some((step) => step.peers) ||
    (span.seen === undefined && steps.some((step) => step.baseline));
  return whole ? span : { ...span, ...readSpan(span, matchable) };
}

/**
 * Each candidate rule with a baseline given the person's first and last event over its span
 * (`seen`, what find-bursts would ask per person and rule), for the batch in one statement.
 */
export async function withSeen(
  db: Kysely<Database>,
  counts: ReadonlyMap<string, RuleSpan[]>,
): Promise<Map<string, RuleSpan[]>> {
  const key = (employeeId: string, span: RuleSpan) => `${employeeId}|${span.from}|${span.to}`;
  const asks = new Map<string, { employeeId: string; from: number; to: number }>();
  for (const [employeeId, spans] of counts) {
    for (const span of spans) {
      if (!span.rule.condition.steps.some((step) => step.baseline)) continue;
      asks.set(key(employeeId, span), { employeeId, from: span.from, to: span.to });
    }
  }
  if (asks.size === 0) return new Map(counts);
  const answers = await firstAndLastEventsOf(db, [...asks.values()]);
  const seen = new Map([...asks.keys()].map((k, i) => [k, answers[i]!]));
  return new Map(
    [...counts].map(([employeeId, spans]) => [
      employeeId,
      spans.map((span) => {
        const found = seen.get(key(employeeId, span));
        return found && span.rule.condition.steps.some((step) => step.baseline)
          ? { ...span, seen: found }
          : span;
      }),
    ]),
  );
}
