import { sql } from 'kysely';

import type { Configuration } from '../../../shared/schemas/configuration';
import type { DatabaseHandle } from '../../db/database';
import { countMatchingEvents, peopleMatching } from '../../db/queries/rule-trial';
import type { FilterContext } from '../rules/compile-filter';
import { compileFilter } from '../rules/compile-filter';
import type { Rule } from '../rules/rule-schema';
import { detectPerson } from './detect-person';

const DAY_MS = 86_400_000;
/** The most people a trial runs the rules for (those with the most matching events). */
export const TRIAL_PEOPLE = 200;

/** What rules would have found over the last days, without storing anything. */
export interface RuleTrial {
  matchingEvents: number;
  unmappedEvents: number;
  alerts: number;
  people: Array<{ employeeId: string; matchingEvents: number; alerts: number }>;
  peopleNotExamined: number;
}

/**
 * Tries rules over the last `days` days before anyone enables them: the events any of their
 * steps matches (also those whose account maps to nobody yet), then, for the people with
 * matching events (the most matching first), the alerts detection would raise. Runs in a
 * transaction that is rolled back, so nothing of it stays.
 */
export async function tryRules(
  handle: DatabaseHandle,
  rules: readonly Rule[],
  days: number,
  context: FilterContext,
  config: Configuration,
  now: number,
): Promise<RuleTrial> {
  const from = now - days * DAY_MS;
  const to = now + 1;
  const steps = rules.flatMap((rule) => rule.condition.steps);
  const anyStep = sql.join(
    steps.map((step) => compileFilter(step.match, 'e', context)),
    sql` or `,
  );
  const condition = sql<boolean>`(${anyStep})`;
  const totals = await countMatchingEvents(handle.db, condition, from, to);
  const people = await peopleMatching(handle.db, condition, from, to);
  const examined = people.slice(0, TRIAL_PEOPLE);
  const found: RuleTrial['people'] = [];
  const rollback = new Error('trial');
  try {
    await handle.db.transaction().execute(async (trx) => {
      for (const person of examined) {
        const outcome = await detectPerson(
          trx,
          { employeeId: person.employeeId, from, to: now, queuedAt: now },
          rules,
          context,
          config,
          now,
        );
        found.push({
          employeeId: person.employeeId,
          matchingEvents: person.events,
          alerts: outcome.raised,
        });
      }
      // Nothing of a trial is kept: the alerts it recorded go with the transaction.
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
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
}
