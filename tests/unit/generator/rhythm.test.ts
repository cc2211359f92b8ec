import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  fromDayNumber,
  isWeekend,
  parseDate,
  toZoned,
} from '../../../src/server/demo/generator/calendar';
import type { SourceId } from '../../../src/server/demo/generator/index';
import { collect } from './support/native-records';
import { smallDataset } from './support/datasets';

const { dataset, manifest } = smallDataset();
const byEmail = new Map(dataset.org.employees.map((e) => [e.email, e]));
const subjects = new Set(manifest.scenarios.map((s) => s.email));
/** Sources where a person's own clock shows: what they click, send and run. */
const personal: readonly SourceId[] = [
  'okta',
  'google-workspace',
  'm365',
  'github',
  'slack',
  'windows',
];
const activity = collect(dataset).filter(
  (r) => personal.includes(r.source) && byEmail.has(r.facts.email ?? ''),
);

function local(r: (typeof activity)[number]): { inHours: boolean; weekend: boolean; hour: number } {
  const e = byEmail.get(r.facts.email ?? '');
  if (!e) throw new Error('unknown actor');
  const z = toZoned(r.facts.time, e.timezone);
  const weekend = z.weekday === 0 || z.weekday === 6;
  return {
    inHours: !weekend && z.hour >= e.workStartHour && z.hour < e.workEndHour,
    weekend,
    hour: z.hour,
  };
}

function share(rows: typeof activity): number {
  return rows.filter((r) => local(r).inHours).length / rows.length;
}

describe('people work in their own time zone’s office hours', { timeout: 30_000 }, () => {
  const normal = dataset.org.employees.filter(
    (e) => !subjects.has(e.email) && e.startDate < manifest.window.firstDay,
  );

  it('puts more than 70% of every ordinary employee’s events in declared hours on weekdays', () => {
    const low = normal
      .map((e) => ({
        id: e.id,
        tz: e.timezone,
        share: share(activity.filter((r) => r.facts.email === e.email)),
      }))
      .filter((x) => !(x.share > 0.7));
    expect(low).toEqual([]);
  });

  it('works far less at weekends than on weekdays', () => {
    let weekendDays = 0;
    for (
      let d = dayNumber(parseDate(manifest.window.firstDay));
      d <= dayNumber(parseDate(manifest.window.lastDay));
      d++
    ) {
      if (isWeekend(fromDayNumber(d))) weekendDays++;
    }
    const weekdays = manifest.window.days - weekendDays;
    const rows = activity.filter((r) => !subjects.has(r.facts.email ?? ''));
    const perWeekendDay = rows.filter((r) => local(r).weekend).length / weekendDays;
    const perWeekday = rows.filter((r) => !local(r).weekend).length / weekdays;
    expect(perWeekendDay).toBeLessThan(perWeekday * 0.2);
  });

  it('dips at lunch', () => {
    const hours = new Array<number>(24).fill(0);
    for (const r of activity) if (!local(r).weekend) hours[local(r).hour]! += 1;
    const lunch = hours[12]!;
    expect(lunch).toBeLessThan(hours[10]! * 0.9);
    expect(lunch).toBeLessThan(hours[15]! * 0.9);
  });

  it('moves the after-hours subject to nights and weekends during the storyline only', () => {
    const s = manifest.scenarios.find((x) => x.scenario === 'after-hours');
    expect(s).toBeDefined();
    const mine = activity.filter((r) => r.facts.email === s?.email);
    const during = mine.filter(
      (r) => r.facts.time >= (s?.startMs ?? 0) && r.facts.time <= (s?.endMs ?? 0),
    );
    const before = mine.filter((r) => r.facts.time < (s?.startMs ?? 0));
    expect(during.length).toBeGreaterThan(100);
    expect(share(during)).toBeLessThan(0.35);
    expect(share(before)).toBeGreaterThan(0.7);
  });
});
