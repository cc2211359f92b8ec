import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Configuration } from '../../../shared/schemas/configuration';
import type { DatabaseHandle } from '../../db/database';
import { matchingEventsByPerson } from '../../db/queries/rule-trial';
import type { Database } from '../../db/schema';
import type { FilterContext } from '../rules/compile-filter';
import { compileFilter } from '../rules/compile-filter';
import type { Rule } from '../rules/rule-schema';
import { detectPerson } from './detect-person';
import { DeadlinePassed, isPostgresTimeout, withDeadline } from './rule-deadline';

const DAY_MS = 86_400_000;
/** The most people a trial runs the rules for (those with the most matching events). */
export const TRIAL_PEOPLE = 200;
/** The longest a trial may take, all of it (counting, then each person). */
export const TRIAL_DEADLINE_MS = 60_000;

/** A trial that ran past its deadline: the rules are too slow to switch on as they are. */
export class TrialTooSlow extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The trial ran past its deadline of ${Math.round(deadlineMs / 1000)} s.`);
  }
}

/** What rules would have found over the last days, without storing anything. */
export interface RuleTrial {
  matchingEvents: number;
  unmappedEvents: number;
  alerts: number;
  people: Array<{ employeeId: string; matchingEvents: number; alerts: number }>;
  peopleNotExamined: number;
}

/** Options for a trial; tests pass a short deadline. */
export interface TrialOptions {
  deadlineMs?: number;
}

/**
 * Tries rules over the last `days` days before anyone enables them: the events any of their
 * steps matches (also those whose account maps to nobody yet), then, for the people with
 * matching events (the most matching first), the alerts detection would raise, each person in
 * a transaction that is rolled back, so nothing of it stays.
 * It is cut into short statements (a day of events, a person) so that on SQLite, whose one
 * connection serves every request in turn, other requests are answered between them; and it
 * has a deadline, past which it stops with {@link TrialTooSlow}.
 */
export async function tryRules(
  handle: DatabaseHandle,
  rules: readonly Rule[],
  days: number,
  context: FilterContext,
  config: Configuration,
  now: number,
  options: TrialOptions = {},
): Promise<RuleTrial> {
  const deadlineMs = options.deadlineMs ?? TRIAL_DEADLINE_MS;
  const deadline = Date.now() + deadlineMs;
  const within = <T>(work: (db: Kysely<Database>, c: FilterContext) => Promise<T>) =>
    withDeadline(handle.db, context, deadline, work);
  const from = now - days * DAY_MS;
  const to = now + 1;
  const steps = rules.flatMap((rule) => rule.condition.steps);
  const matching = (c: FilterContext) =>
    sql<boolean>`(${sql.join(
      steps.map((step) => compileFilter(step.match, 'e', c)),
      sql` or `,
    )})`;
  const totals = { events: 0, unmapped: 0 };
  const perPerson = new Map<string, number>();
  // SQLite's one connection answers other requests between statements, so it counts a day at
  // a time; PostgreSQL serves them on other connections meanwhile, in one statement.
  const chunkMs = handle.dialect === 'sqlite' ? DAY_MS : to - from;
  try {
    for (let start = from; start < to; start += chunkMs) {
      const end = Math.min(start + chunkMs, to);
      const day = await within((db, c) => matchingEventsByPerson(db, matching(c), start, end));
      for (const { employeeId, events } of day) {
        totals.events += events;
        if (employeeId === null) totals.unmapped += events;
        else perPerson.set(employeeId, (perPerson.get(employeeId) ?? 0) + events);
      }
    }
    const people = [...perPerson]
      .map(([employeeId, events]) => ({ employeeId, events }))
      .sort((a, b) => b.events - a.events || (a.employeeId < b.employeeId ? -1 : 1));
    const examined = people.slice(0, TRIAL_PEOPLE);
    const found: RuleTrial['people'] = [];
    for (const person of examined) {
      const alerts = await raisedFor(handle, person.employeeId, rules, context, config, now, {
        from,
        deadline,
      });
      found.push({ employeeId: person.employeeId, matchingEvents: person.events, alerts });
      // Let the requests that waited for this person's transaction queue their next statements.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return {
      matchingEvents: totals.events,
      unmappedEvents: totals.unmapped,
      alerts: found.reduce((sum, person) => sum + person.alerts, 0),
      people: found
        .filter((person) => person.alerts > 0 || person.matchingEvents > 0)
        .sort((a, b) => b.alerts - a.alerts || b.matchingEvents - a.matchingEvents),
      peopleNotExamined: people.length - examined.length,
    };
  } catch (error) {
    if (error instanceof DeadlinePassed || isPostgresTimeout(error)) {
      throw new TrialTooSlow(deadlineMs);
    }
    throw error;
  }
}

/** The alerts detection would raise about one person, in a transaction that is rolled back. */
async function raisedFor(
  handle: DatabaseHandle,
  employeeId: string,
  rules: readonly Rule[],
  context: FilterContext,
  config: Configuration,
  now: number,
  span: { from: number; deadline: number },
): Promise<number> {
  const rollback = new Error('trial');
  let raised = 0;
  try {
    await handle.db.transaction().execute(async (trx) => {
      const outcome = await detectPerson(
        trx,
        { employeeId, from: span.from, to: now, queuedAt: now },
        rules,
        context,
        config,
        now,
        () => span.deadline,
      );
      if (outcome.tooSlow.length > 0) throw new DeadlinePassed();
      raised = outcome.raised;
      // Nothing of a trial is kept: the alerts it recorded go with the transaction.
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return raised;
}
