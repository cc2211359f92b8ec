import { DAY_MS, dayNumber, formatDate, fromDayNumber, parseDate } from '../calendar';
import type { Employee } from '../org-types';
import { prngFor } from '../prng';
import type { Emitted, GenerationContext, NativeRecord, SourceEmitter } from '../source-types';

/** Columns of the HR feed, in file order. */
export const hrColumns = [
  'employee_id',
  'full_name',
  'email',
  'department',
  'title',
  'manager_id',
  'location',
  'timezone',
  'work_start_hour',
  'work_end_hour',
  'start_date',
  'resignation_date',
  'departure_date',
  'event_type',
  'effective_date',
  'record_id',
] as const;

type HrEventType = 'hire' | 'resignation' | 'departure' | 'change';

function row(
  e: Employee,
  type: HrEventType,
  effective: string,
  overrides: { title?: string; showExit?: boolean } = {},
): NativeRecord {
  const exit = overrides.showExit ?? false;
  return {
    employee_id: e.id,
    full_name: e.fullName,
    email: e.email,
    department: e.department,
    title: overrides.title ?? e.title,
    manager_id: e.managerId ?? '',
    location: e.location.name,
    timezone: e.timezone,
    work_start_hour: String(e.workStartHour),
    work_end_hour: String(e.workEndHour),
    start_date: e.startDate,
    resignation_date: exit ? (e.resignationDate ?? '') : '',
    departure_date: exit ? (e.departureDate ?? '') : '',
    event_type: type,
    effective_date: effective,
    record_id: '',
  };
}

/** The title someone held before a promotion to their current one. */
function previousTitle(title: string): string {
  return title.startsWith('Senior ') ? title.slice('Senior '.length) : `Associate ${title}`;
}

/** Every lifecycle row: hires (back to each start date), promotions, resignations, departures. */
function feed(ctx: GenerationContext): Emitted[] {
  const prng = prngFor(ctx.options.seed, 'hr');
  const rows: { time: number; order: number; record: NativeRecord; scenario?: number }[] = [];
  const lastDay = formatDate(fromDayNumber(ctx.lastDay));
  const at = (date: string): number => dayNumber(parseDate(date)) * DAY_MS;
  for (const e of ctx.org.employees) {
    const promoted =
      e.level === 'ic' &&
      dayNumber(parseDate(e.startDate)) < ctx.firstDay - 180 &&
      prng.chance(0.05);
    rows.push({
      time: at(e.startDate),
      order: e.index * 4,
      record: row(e, 'hire', e.startDate, promoted ? { title: previousTitle(e.title) } : {}),
    });
    if (promoted) {
      const when = formatDate(fromDayNumber(prng.int(ctx.firstDay, ctx.lastDay)));
      rows.push({ time: at(when), order: e.index * 4 + 1, record: row(e, 'change', when) });
    }
    const scenario = ctx.resignedBy.get(e.id);
    const tag = scenario === undefined ? {} : { scenario };
    if (e.resignationDate && e.resignationDate <= lastDay) {
      rows.push({
        time: at(e.resignationDate),
        order: e.index * 4 + 2,
        record: row(e, 'resignation', e.resignationDate, { showExit: true }),
        ...tag,
      });
    }
    if (e.departureDate && e.departureDate <= lastDay) {
      rows.push({
        time: at(e.departureDate),
        order: e.index * 4 + 3,
        record: row(e, 'departure', e.departureDate, { showExit: true }),
        ...tag,
      });
    }
  }
  rows.sort((a, b) => a.time - b.time || a.order - b.order);
  return rows.map(({ time, record, scenario }, i) => {
    record.record_id = `HR${String(i + 1).padStart(7, '0')}`;
    return scenario === undefined ? { time, record } : { time, record, scenario };
  });
}

/** One CSV field; HR rows hold strings only, quoted when they contain a separator. */
function csvField(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** HR lifecycle feed as CSV, one row per lifecycle event with the employee's snapshot. */
export const hrSource: SourceEmitter = {
  id: 'hr',
  file: 'hr.csv',
  format: 'csv',
  timeFormat:
    '`effective_date`: YYYY-MM-DD (a calendar date; the generator orders rows at 00:00 UTC)',
  countingRule:
    'hire, resignation and departure rows = one event each (hr_hire, hr_resignation, hr_departure); change rows update the employee record and make no event',
  standalone: feed,
  // Vigil's HR parser reads a change row as a new employee snapshot, not an event.
  eventCount: (r) => (r.event_type === 'change' ? 0 : 1),
  actionOf: (r) => String(r.event_type),
  header: hrColumns.join(','),
  serialize: (r) => hrColumns.map((c) => csvField(r[c])).join(','),
};
