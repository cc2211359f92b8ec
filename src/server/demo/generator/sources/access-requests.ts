import { dayNumber, serviceNowTime } from '../calendar';
import { departmentProfile } from '../catalog/departments';
import type { Employee, Organization } from '../org-types';
import type { Prng } from '../prng';
import { sampleTime } from '../rhythm';
import type {
  DayContext,
  Emitted,
  GenerationContext,
  NativeRecord,
  SourceEmitter,
} from '../source-types';

/** How a request ended (or where it stands). */
export type RequestOutcome = 'approved' | 'rejected' | 'pending';

/** What someone asked for. */
export interface AccessRequestSpec {
  readonly item: string;
  readonly role: string;
  readonly justification: string;
  readonly outcome: RequestOutcome;
  /** Who decides: usually the manager, the application owner for admin roles. */
  readonly approver: Employee | null;
}

const STATE: Record<RequestOutcome, readonly [state: string, stage: string, approval: string]> = {
  approved: ['Closed Complete', 'Completed', 'approved'],
  rejected: ['Closed Incomplete', 'Request Cancelled', 'rejected'],
  pending: ['Work in Progress', 'Waiting for Approval', 'requested'],
};

/**
 * A requested item (`sc_req_item`) as the ServiceNow table API returns it without display values:
 * times are `YYYY-MM-DD HH:MM:SS` in UTC, empty fields are empty strings. People are given by
 * email (the export's dot-walked `requested_for.email`), so identities join like other sources.
 */
export function accessRequestRecord(
  e: Employee,
  spec: AccessRequestSpec,
  time: number,
  prng: Prng,
  number: string,
  notAfter: number,
): NativeRecord {
  const decided = time + prng.int(20 * 60_000, 26 * 3_600_000);
  // A request the export caught before anyone decided is still waiting.
  const outcome = decided > notAfter ? 'pending' : spec.outcome;
  const [state, stage, approval] = STATE[outcome];
  const closed =
    outcome === 'pending' ? '' : serviceNowTime(decided + prng.int(60_000, 4 * 3_600_000));
  return {
    number,
    sys_id: prng.hex(32),
    opened_at: serviceNowTime(time),
    opened_by: e.email,
    requested_for: e.email,
    requested_by: e.email,
    cat_item: 'Application Access Request',
    item: spec.item,
    role: spec.role,
    short_description: `Access request: ${spec.item} - ${spec.role}`,
    justification: spec.justification,
    state,
    stage,
    approval,
    approver: spec.approver?.email ?? '',
    approved_at: outcome === 'approved' ? serviceNowTime(decided) : '',
    closed_at: closed,
    assignment_group: 'IT Access Management',
    sys_updated_on: serviceNowTime(outcome === 'pending' ? time : decided),
  };
}

/** The manager, or the head of IT when someone has no manager. */
export function approverFor(org: Organization, e: Employee): Employee | null {
  if (e.managerId) return org.byId.get(e.managerId) ?? null;
  return org.employees.find((x) => x.department === 'IT' && x.level === 'head') ?? null;
}

const JUSTIFICATIONS = [
  'Needed for current project work',
  'Joining the on-call rotation',
  'Manager asked me to take over this workflow',
  'Covering for a colleague on leave',
  'Required for quarterly reporting',
  'Onboarding to new team',
];

/** The instant after which nothing is decided yet: `now`, or the end of the last day. */
function windowEnd(ctx: GenerationContext): number {
  return ctx.options.now ?? (ctx.lastDay + 1) * 86_400_000;
}

/** A ticket number unique per employee, local day number and slot (0 normal, 1-9 storylines). */
export function requestNumber(e: Employee, day: number, slot: number): string {
  return `RITM${String(day % 10_000).padStart(4, '0')}${String(e.index).padStart(5, '0')}${slot}`;
}

function normalDay({ ctx, employee: e, plan, prng }: DayContext): Emitted[] {
  if (plan.kind !== 'workday' || !prng.chance(0.02 * ctx.rate)) return [];
  const [item, role] = prng.pick(departmentProfile(e.department).normalRequests);
  const time = sampleTime(plan, prng);
  const outcome = prng.weighted<RequestOutcome>([
    ['approved', 85],
    ['rejected', 8],
    ['pending', 7],
  ]);
  const spec = {
    item,
    role,
    justification: prng.pick(JUSTIFICATIONS),
    outcome,
    approver: approverFor(ctx.org, e),
  };
  return [
    {
      time,
      record: accessRequestRecord(
        e,
        spec,
        time,
        prng,
        requestNumber(e, dayNumber(plan.date), 0),
        windowEnd(ctx),
      ),
    },
  ];
}

/** ServiceNow requested items for application access. */
export const accessRequestsSource: SourceEmitter = {
  id: 'access-requests',
  file: 'access-requests.ndjson',
  format: 'ndjson',
  timeFormat:
    '`opened_at`, `approved_at`: YYYY-MM-DD HH:MM:SS in UTC (ServiceNow table API, no display values)',
  countingRule: 'one requested item = one event',
  employeeDay: normalDay,
  eventCount: () => 1,
  actionOf: () => 'request',
  serialize: (r) => JSON.stringify(r),
};

/** When a decided request was approved (its event time in Vigil), or null. */
export function approvedAt(record: NativeRecord): number | null {
  const text = record.approved_at;
  return typeof text === 'string' && text !== '' ? Date.parse(`${text.replace(' ', 'T')}Z`) : null;
}
