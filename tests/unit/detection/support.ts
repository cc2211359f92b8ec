import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { upsertEmployees } from '../../../src/server/db/queries/employees';
import { parseRuleFile } from '../../../src/server/analysis/rules/load-rules';
import type { Rule } from '../../../src/server/analysis/rules/rule-schema';
import type { FilterContext } from '../../../src/server/analysis/rules/compile-filter';
import { insertEventRows } from '../../../src/server/ingest/store/insert-event-rows';
import { toEventRow } from '../../../src/server/ingest/store/event-row';
import type { NormalizedEvent } from '../../../src/shared/events';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Monday 2026-11-02 00:00 UTC: the start of every test window. */
export const T0 = Date.parse('2026-11-02T00:00:00Z');

let counter = 0;

/** A normalized event with the fields a test sets and harmless defaults for the rest. */
export function event(
  partial: Partial<NormalizedEvent> & Pick<NormalizedEvent, 'activity' | 'time'>,
): NormalizedEvent {
  counter++;
  return {
    source: 'normalized',
    sourceEventId: `test-${counter}`,
    classUid: 0,
    activityId: 0,
    category: 'file',
    action: partial.activity,
    outcome: 'success',
    actorEmail: null,
    actorId: null,
    app: null,
    ip: null,
    location: null,
    file: null,
    email: null,
    chat: null,
    repository: null,
    device: null,
    process: null,
    target: null,
    attributes: {},
    raw: null,
    ...partial,
  };
}

/** A file event with a label. */
export function fileEvent(
  activity: NormalizedEvent['activity'],
  time: number,
  label: string | null = 'Confidential',
  destination: string | null = null,
): NormalizedEvent {
  return event({
    activity,
    time,
    file: { id: null, name: `f${counter}.docx`, path: null, size: 1000, label, destination },
  });
}

/** An employee of the test organization: UTC, 9 to 17. */
export const employee = (id: string, department: string) => ({
  id,
  full_name: id,
  email: `${id.toLowerCase()}@corp.example`,
  department,
  title: null,
  manager_id: null,
  location: null,
  timezone: 'UTC',
  work_start_hour: 9,
  work_end_hour: 17,
  start_date: null,
  resignation_date: null,
  departure_date: null,
});

/** A migrated in-memory database with two employees in Sales (E1 the subject, E2 a peer) and E3 in Finance. */
export async function detectionDb(): Promise<DatabaseHandle> {
  const handle = openDatabase('sqlite::memory:');
  await migrateToLatest(handle.db, handle.dialect);
  await upsertEmployees(
    handle.db,
    [employee('E1', 'Sales'), employee('E2', 'Sales'), employee('E3', 'Finance')],
    0,
  );
  return handle;
}

/** Stores events of an employee. */
export async function store(
  handle: DatabaseHandle,
  employeeId: string,
  events: NormalizedEvent[],
): Promise<void> {
  await insertEventRows(
    handle.db,
    events.map((e) => toEventRow(e, employeeId, 0)),
  );
}

/** Filter context with the default configuration lists. */
export const context: FilterContext = {
  dialect: 'sqlite',
  lists: {
    sensitiveLabels: defaultConfiguration.sensitiveLabels,
    personalEmailDomains: defaultConfiguration.personalEmailDomains,
    companyDomains: defaultConfiguration.companyDomains,
    competitorDomains: defaultConfiguration.competitors.flatMap((c) => c.domains),
  },
};

/** A rule from an object, validated like a rule file (throws with the problems). */
export function rule(value: Record<string, unknown>): Rule {
  const result = parseRuleFile(`${String(value.id)}.json`, JSON.stringify(value));
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.rule;
}
