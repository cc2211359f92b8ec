import { dayNumber, formatDate, isWeekend, zonedToUtc, type LocalDate } from './calendar';
import type { Employee } from './org-types';
import { prngFor, type Prng } from './prng';

/** A stretch of activity; events are spread over sessions in proportion to length x density. */
export interface Session {
  /** UTC ms, inclusive. */
  readonly start: number;
  /** UTC ms, exclusive. */
  readonly end: number;
  /** Relative event density (1 = a normal working hour). */
  readonly density: number;
  readonly kind: 'work' | 'lunch' | 'evening' | 'weekend' | 'night';
  /** Address the person connects from during the session. */
  readonly ip: string;
  readonly remote: boolean;
}

/** One person's day, shared by every source so their logs tell the same story. */
export interface DayPlan {
  readonly employee: Employee;
  readonly date: LocalDate;
  readonly dateText: string;
  /** `inactive`: not employed that day; `off`: employed but idle (weekend, leave). */
  readonly kind: 'inactive' | 'off' | 'workday' | 'weekend';
  readonly sessions: readonly Session[];
  /** Multiplier on the department's daily volumes (a weekend session is a fraction of a day). */
  readonly intensity: number;
  /** Storyline that reshaped this day (after-hours), or null. */
  readonly scenario: number | null;
}

/** A storyline that replaces the normal rhythm of one person for a range of days. */
export interface RhythmOverride {
  readonly employeeId: string;
  /** Day numbers (see calendar.dayNumber), inclusive. */
  readonly firstDay: number;
  readonly lastDay: number;
  readonly scenario: number;
}

function officeIp(employee: Employee, prng: Prng): string {
  return prng.pick(employee.location.officeIps);
}

function session(
  employee: Employee,
  date: LocalDate,
  fromMin: number,
  toMin: number,
  density: number,
  kind: Session['kind'],
  ip: string,
  remote: boolean,
): Session {
  const tz = employee.timezone;
  return {
    start: zonedToUtc(date, fromMin, tz),
    end: zonedToUtc(date, toMin, tz),
    density,
    kind,
    ip,
    remote,
  };
}

function workdaySessions(
  employee: Employee,
  date: LocalDate,
  prng: Prng,
  lastDay: boolean,
): Session[] {
  const remote = prng.chance(employee.remoteShare);
  const ip = remote ? employee.homeIp : officeIp(employee, prng);
  // People mostly start a little after the declared hour and stop around the declared end.
  const start = employee.workStartHour * 60 + Math.max(-45, Math.min(75, prng.normal(10, 18)));
  const declaredEnd = lastDay ? (employee.workStartHour + 5) * 60 : employee.workEndHour * 60;
  const end = declaredEnd + Math.max(-60, Math.min(60, prng.normal(-8, 22)));
  const lunchStart = 12 * 60 + prng.normal(15, 20);
  const lunchEnd = lunchStart + prng.range(35, 65);
  const sessions: Session[] = [];
  if (lunchStart > start + 30 && lunchEnd < end - 30) {
    sessions.push(session(employee, date, start, lunchStart, 1, 'work', ip, remote));
    sessions.push(session(employee, date, lunchStart, lunchEnd, 0.2, 'lunch', ip, remote));
    sessions.push(session(employee, date, lunchEnd, end, 1, 'work', ip, remote));
  } else {
    sessions.push(session(employee, date, start, end, 1, 'work', ip, remote));
  }
  if (prng.chance(employee.eveningShare)) {
    const from = prng.range(20 * 60, 22 * 60);
    sessions.push(
      session(
        employee,
        date,
        from,
        from + prng.range(25, 80),
        0.6,
        'evening',
        employee.homeIp,
        true,
      ),
    );
  }
  return sessions;
}

function afterHoursSessions(
  employee: Employee,
  date: LocalDate,
  prng: Prng,
  weekend: boolean,
): Session[] {
  const sessions: Session[] = [];
  // A token daytime presence keeps the account looking alive to colleagues.
  if (!weekend && prng.chance(0.7)) {
    const from = employee.workStartHour * 60 + prng.range(30, 120);
    sessions.push(
      session(employee, date, from, from + prng.range(40, 100), 0.5, 'work', employee.homeIp, true),
    );
  }
  if (weekend && prng.chance(0.6)) {
    const from = prng.range(13 * 60, 17 * 60);
    sessions.push(
      session(
        employee,
        date,
        from,
        from + prng.range(60, 150),
        0.8,
        'weekend',
        employee.homeIp,
        true,
      ),
    );
  }
  const nightStart = prng.range(20.5 * 60, 22.5 * 60);
  const nightEnd = prng.range(24.5 * 60, 27 * 60);
  sessions.push(session(employee, date, nightStart, nightEnd, 1.1, 'night', employee.homeIp, true));
  return sessions;
}

/** The plan of one employee's local day; identical for every source that asks. */
export function planDay(
  seed: number,
  employee: Employee,
  date: LocalDate,
  overrides: readonly RhythmOverride[],
): DayPlan {
  const dateText = formatDate(date);
  const day = dayNumber(date);
  const base = { employee, date, dateText };
  const started = dateText >= employee.startDate;
  const gone = employee.departureDate !== null && dateText > employee.departureDate;
  if (!started || gone)
    return { ...base, kind: 'inactive', sessions: [], intensity: 0, scenario: null };
  const prng = prngFor(seed, 'plan', employee.id, dateText);
  const weekend = isWeekend(date);
  const override = overrides.find(
    (o) => o.employeeId === employee.id && day >= o.firstDay && day <= o.lastDay,
  );
  if (override) {
    return {
      ...base,
      kind: weekend ? 'weekend' : 'workday',
      sessions: afterHoursSessions(employee, date, prng, weekend),
      intensity: weekend ? 0.8 : 1,
      scenario: override.scenario,
    };
  }
  if (weekend) {
    if (!prng.chance(employee.weekendShare)) {
      return { ...base, kind: 'off', sessions: [], intensity: 0, scenario: null };
    }
    const from = prng.range(9.5 * 60, 20 * 60);
    const s = session(
      employee,
      date,
      from,
      from + prng.range(20, 120),
      1,
      'weekend',
      employee.homeIp,
      true,
    );
    return {
      ...base,
      kind: 'weekend',
      sessions: [s],
      intensity: prng.range(0.06, 0.18),
      scenario: null,
    };
  }
  // Annual leave and sick days.
  if (prng.chance(0.04))
    return { ...base, kind: 'off', sessions: [], intensity: 0, scenario: null };
  const lastDay = employee.departureDate === dateText;
  return {
    ...base,
    kind: 'workday',
    sessions: workdaySessions(employee, date, prng, lastDay),
    intensity: lastDay ? 0.5 : 1,
    scenario: null,
  };
}

/** One instant inside the plan's sessions, weighted by session length and density. */
export function sampleTime(plan: DayPlan, prng: Prng): number {
  let total = 0;
  for (const s of plan.sessions) total += (s.end - s.start) * s.density;
  let r = prng.next() * total;
  for (const s of plan.sessions) {
    const mass = (s.end - s.start) * s.density;
    if (r < mass) return s.start + Math.floor(r / s.density);
    r -= mass;
  }
  const last = plan.sessions[plan.sessions.length - 1];
  return last ? last.end - 1 : 0;
}

/** The session an instant falls in (or the first one). */
export function sessionAt(plan: DayPlan, time: number): Session | undefined {
  return plan.sessions.find((s) => time >= s.start && time < s.end) ?? plan.sessions[0];
}
