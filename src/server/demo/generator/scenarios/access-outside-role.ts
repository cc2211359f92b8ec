import { DAY_MS, formatDate, fromDayNumber } from '../calendar';
import type { Department } from '../catalog/departments';
import { primaryDevice } from '../org-devices';
import {
  accessRequestRecord,
  approvedAt,
  approverFor,
  requestNumber,
  type RequestOutcome,
} from '../sources/access-requests';
import { oktaSso } from '../sources/okta-records';
import { Injection, ipAt, localTime, pickWeekday } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

/** Privileged access owned by one department: [owner, item, role, Okta app it unlocks]. */
const privileged: readonly (readonly [Department, string, string, string])[] = [
  [
    'Engineering',
    'Production database (prod-db-01)',
    'DBA administrator',
    'AWS IAM Identity Center',
  ],
  ['Engineering', 'AWS production account', 'AdministratorAccess', 'AWS IAM Identity Center'],
  ['Engineering', 'GitHub organization', 'Owner', 'GitHub'],
  ['Finance', 'Workday', 'Payroll administrator', 'Workday'],
  ['Finance', 'NetSuite', 'Administrator', 'NetSuite'],
  ['HR', 'Workday', 'Compensation partner (all employees)', 'Workday'],
  ['Legal', 'iManage', 'All matters - full access', 'iManage'],
  ['Sales', 'Salesforce', 'System administrator', 'Salesforce'],
  ['IT', 'Okta', 'Super administrator', 'Okta Admin Console'],
];

const justifications = [
  'Need to pull some data for a report',
  'Helping a colleague with a one-off task',
  'Manager approved verbally',
  'Temporary, for a handover',
  'Need to check something before I leave',
];

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e, org } = ctx;
  const inj = new Injection(ctx.index);
  const resign = pickWeekday(ctx, 0.5, 0.65);
  const resignationDate = formatDate(fromDayNumber(resign));
  const departureDate = formatDate(fromDayNumber(resign + 21));
  const options = prng.sample(
    privileged.filter(([owner]) => owner !== e.department),
    prng.int(4, 5),
  );
  const before = 2;
  const outcomes: RequestOutcome[] = ['approved', 'rejected', 'approved', 'pending', 'approved'];
  const requested: string[] = [];
  options.forEach(([, item, role, app], i) => {
    const day =
      i < before
        ? Math.max(ctx.firstDay, resign - prng.int(2, 10))
        : Math.min(ctx.lastDay, resign + prng.int(1, 8));
    const hour = prng.range(9.5, 17);
    const time = localTime(e, day, hour);
    const outcome = outcomes[i] ?? 'approved';
    const spec = {
      item,
      role,
      justification: prng.pick(justifications),
      outcome,
      approver: approverFor(org, e),
    };
    const notAfter = ctx.options.now ?? (ctx.lastDay + 1) * DAY_MS;
    const record = accessRequestRecord(e, spec, time, prng, requestNumber(e, day, i + 1), notAfter);
    inj.add('access-requests', time, record);
    // Vigil dates an approved request at its approval, which may come a day later.
    const approval = approvedAt(record);
    if (approval !== null) inj.cover(time, approval);
    requested.push(`${item} - ${role}${i >= before ? ' (after resignation)' : ''}`);
    if (approval !== null) {
      // Once granted, the new access gets used the next working day.
      for (let k = 0; k < prng.int(2, 4); k++) {
        const t = localTime(e, day + 1, prng.range(9.5, 18));
        const base = {
          time: t,
          ip: ipAt(e, 12),
          device: primaryDevice(e.devices),
          sessionId: `102${prng.alnum(22)}`,
        };
        inj.add('okta', t, oktaSso(e, app, base, prng));
      }
    }
  });
  return inj.finish(ctx, 'access-outside-role', {
    techniques: ['T1078'],
    summary: `A ${e.department} employee asked for ${options.length} privileged roles owned by other departments, ${options.length - before} after resigning on ${resignationDate}.`,
    resignation: { resignationDate, departureDate },
    details: { resignationDate, departureDate, requests: requested },
  });
}

/** Requests for privileged access far outside the person's department, some after resigning. */
export const accessOutsideRole: ScenarioDefinition = {
  id: 'access-outside-role',
  description:
    'Requests privileged access owned by other departments (prod DB admin, payroll...), some after resigning.',
  eligible: (e) =>
    ['Sales', 'Marketing', 'Support', 'Legal', 'HR', 'Finance'].includes(e.department),
  plan,
};
