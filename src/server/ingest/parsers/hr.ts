import type { Activity, EmployeeRecord } from '../../../shared/events';
import { normalizeEmail } from './addresses';
import type { RecordContext } from './define-parser';
import { defineRecordParser } from './define-parser';
import type { JsonObject } from './fields';
import { field, integer, lookup, text, textList } from './fields';
import type { ParsedItem } from './parser';
import { FUTURE_TOLERANCE_MS, parseTime } from './timestamps';

const eventTypes: Record<string, Activity> = {
  hire: 'hr_hire',
  resignation: 'hr_resignation',
  departure: 'hr_departure',
};

/** The date column that dates each kind of HR event in a snapshot row. */
const dateColumns: [Activity, string][] = [
  ['hr_hire', 'start_date'],
  ['hr_resignation', 'resignation_date'],
  ['hr_departure', 'departure_date'],
];

/**
 * Columns that list other names a person acts under, each a list (JSON array, or text split on
 * `;` or `,`): other emails, Windows accounts (`CORP\jdoe`), GitHub and Slack account names.
 */
const ALIAS_COLUMNS = [
  'aliases',
  'other_emails',
  'windows_account',
  'windows_accounts',
  'github_login',
  'github_logins',
  'github',
  'slack_user',
  'slack_users',
  'slack_id',
  'slack',
];

/**
 * An HR feed (Workday-like export, CSV or JSON): one row per employee snapshot or change, with
 * employee_id, full_name, email, department, title, manager_id, location, timezone (IANA),
 * work_start_hour, work_end_hour, start_date, resignation_date, departure_date, event_type
 * (hire | resignation | departure | change), effective_date, record_id, and any of the alias
 * columns above (so events under those names join the person).
 *
 * Every row gives an `employee` item. A hire, resignation or departure gives an hr_* event on
 * its effective_date; a snapshot row (no event_type) gives one for each of its start,
 * resignation and departure dates. Event ids are `<employee_id>:<activity>:<date>`, so the same
 * fact from several rows or feeds is stored once. Dates still in the future (a departure
 * planned for next month) give no event yet: the employee record carries them.
 */
export const hrParser = defineRecordParser({
  source: 'hr',
  label: 'HR feed',
  recordNoun: 'an HR record',
  description:
    'Employee records from the HR system: department, manager, working hours, hire and departure dates.',
  framings: ['csv', 'ndjson', 'json-array'],
  mismatch: (record) =>
    text(field(record, 'employee_id')) === null ? 'it has no `employee_id`' : null,
  parse(record, context) {
    const employee = readEmployee(record, context);
    const items: ParsedItem[] = [{ kind: 'employee', employee, position: context.position }];
    const events = new Map<string, { activity: Activity; date: string }>();
    const eventType = text(field(record, 'event_type'))?.toLowerCase() ?? null;
    if (eventType !== null && !['hire', 'resignation', 'departure', 'change'].includes(eventType)) {
      context.fail(`unknown event_type "${eventType}": use hire, resignation, departure or change`);
    }
    const explicit = eventType === null ? undefined : lookup(eventTypes, eventType);
    if (explicit !== undefined) {
      const date =
        readDate(record, 'effective_date', context) ??
        readDate(record, dateColumns.find(([activity]) => activity === explicit)![1], context);
      if (date === null)
        return context.fail(`no date: a ${eventType} row needs \`effective_date\``);
      events.set(`${explicit}:${date}`, { activity: explicit, date });
    } else if (eventType === null) {
      for (const [activity, column] of dateColumns) {
        const date = readDate(record, column, context);
        if (date !== null) events.set(`${activity}:${date}`, { activity, date });
      }
    }
    for (const { activity, date } of events.values()) {
      const time = Date.parse(`${date}T00:00:00Z`);
      if (time > context.options.now + FUTURE_TOLERANCE_MS) continue;
      items.push(
        context.event({
          time,
          sourceEventId: `${employee.id}:${activity}:${date}`,
          activity,
          action: eventType ?? activity.slice(3),
          outcome: 'success',
          actorEmail: employee.email,
          actorId: employee.id,
          app: 'HR',
          attributes: {
            recordId: text(field(record, 'record_id')) ?? undefined,
            department: employee.department ?? undefined,
            title: employee.title ?? undefined,
            managerId: employee.managerId ?? undefined,
          },
        }),
      );
    }
    return items;
  },
});

function readEmployee(record: JsonObject, context: RecordContext): EmployeeRecord {
  const id = text(field(record, 'employee_id'))!;
  const fullName = text(field(record, 'full_name'));
  if (fullName === null) context.fail('no name: HR records need `full_name`');
  const rawEmail = text(field(record, 'email'));
  const email = normalizeEmail(rawEmail);
  if (email === null) {
    context.fail(
      rawEmail === null
        ? 'no email: HR records need `email`'
        : `\`email\` "${rawEmail}" is not an email address`,
    );
  }
  const timezone = text(field(record, 'timezone'));
  if (timezone !== null && !isTimeZone(timezone)) {
    context.fail(`\`timezone\` "${timezone}" is not an IANA time zone such as Europe/Paris`);
  }
  return {
    id: id.slice(0, 64),
    fullName: fullName.slice(0, 200),
    email,
    department: text(field(record, 'department'))?.slice(0, 200) ?? null,
    title: text(field(record, 'title'))?.slice(0, 200) ?? null,
    managerId: text(field(record, 'manager_id'))?.slice(0, 64) ?? null,
    location: text(field(record, 'location'))?.slice(0, 200) ?? null,
    timezone,
    workStartHour: readHour(record, 'work_start_hour', 0, 23, context),
    workEndHour: readHour(record, 'work_end_hour', 1, 24, context),
    startDate: readDate(record, 'start_date', context),
    resignationDate: readDate(record, 'resignation_date', context),
    departureDate: readDate(record, 'departure_date', context),
    ...aliasesOf(record, email),
  };
}

/** The row's aliases, lower-cased, without the main email; none gives no `aliases` key. */
function aliasesOf(record: JsonObject, email: string): { aliases?: string[] } {
  const names = new Set<string>();
  for (const column of ALIAS_COLUMNS) {
    for (const value of textList(field(record, column))) {
      const name = (normalizeEmail(value) ?? value).toLowerCase();
      if (name !== email && name.length <= 320) names.add(name);
    }
  }
  return names.size > 0 ? { aliases: [...names].slice(0, 100) } : {};
}

function readHour(
  record: JsonObject,
  column: string,
  min: number,
  max: number,
  context: RecordContext,
): number | null {
  const raw = field(record, column);
  if (text(raw) === null) return null;
  const hour = integer(raw);
  if (hour === null || hour < min || hour > max) {
    context.fail(`\`${column}\` is "${text(raw)}": use a whole hour from ${min} to ${max}`);
  }
  return hour;
}

/** A date column as YYYY-MM-DD; ISO date-times keep their date part. */
function readDate(record: JsonObject, column: string, context: RecordContext): string | null {
  const raw = text(field(record, column));
  if (raw === null) return null;
  const time = parseTime(raw);
  if (Number.isNaN(time)) context.fail(`\`${column}\` is "${raw}": use a date such as 2024-05-01`);
  // The calendar date as written: a zone offset must not move it to the next day.
  return raw.slice(0, 10);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
