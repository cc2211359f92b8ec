import { findingTopics } from '../../../../shared/findings/catalogue';
import { formatDate, fromDayNumber } from '../calendar';
import { Injection, localTime, pickWeekday } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e } = ctx;
  const inj = new Injection(ctx.index);
  const first = pickWeekday(ctx, 0.4, 0.6);
  const last = Math.min(ctx.lastDay, first + prng.int(14, 21) - 1);
  // Nights run past midnight, so the span ends in the small hours after the last day.
  inj.cover(localTime(e, first, 0), localTime(e, last, 27));
  return inj.finish(ctx, 'after-hours', {
    techniques: [],
    summary: `From ${formatDate(fromDayNumber(first))} to ${formatDate(fromDayNumber(last))} works mostly at night and at weekends in ${e.timezone}, with a token daytime presence.`,
    rhythm: { firstDay: first, lastDay: last },
    details: {
      firstDay: formatDate(fromDayNumber(first)),
      lastDay: formatDate(fromDayNumber(last)),
      timezone: e.timezone,
      declaredHours: `${e.workStartHour}:00-${e.workEndHour}:00`,
      anomaly: findingTopics.workingHours.page,
    },
  });
}

/** A sustained shift of someone's activity to nights and weekends in their own zone. */
export const afterHours: ScenarioDefinition = {
  id: 'after-hours',
  description:
    'Activity shifts to nights and weekends in the subject’s own time zone for two to three weeks.',
  // Department heads keep odd hours anyway; on anyone else the shift stands out.
  eligible: (e) => e.level !== 'head',
  plan,
};
