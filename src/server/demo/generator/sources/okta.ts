import { primaryDevice } from '../org-devices';
import type { Device, Employee } from '../org-types';
import type { Prng } from '../prng';
import { sampleTime, sessionAt, type DayPlan } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';
import { oktaEvent, oktaSso } from './okta-records';

/** The device a sign-in comes from: mostly the laptop, sometimes the phone or a home PC. */
function pickDevice(e: Employee, remote: boolean, prng: Prng): Device {
  const primary = primaryDevice(e.devices);
  const other = e.devices[1];
  if (!other) return primary;
  if (other.kind === 'personal-laptop') return remote && prng.chance(0.25) ? other : primary;
  return prng.chance(0.18) ? other : primary;
}

/** Session starts: one per contiguous block of activity (morning, after a long lunch, evening). */
function loginTimes(plan: DayPlan, prng: Prng): number[] {
  const times: number[] = [];
  let lastEnd = -Infinity;
  for (const s of plan.sessions) {
    const gap = s.start - lastEnd;
    if (
      s.kind !== 'lunch' &&
      (gap > 40 * 60_000 || times.length === 0 || (s.kind === 'work' && prng.chance(0.2)))
    ) {
      times.push(s.start + prng.int(0, 240_000));
    }
    lastEnd = s.end;
  }
  return times;
}

function normalDay({ ctx, employee: e, plan, prng }: DayContext): Emitted[] {
  const out: Emitted[] = [];
  const logins = loginTimes(plan, prng);
  for (const t of logins) {
    const s = sessionAt(plan, t);
    const ip = s?.ip ?? e.homeIp;
    const device = pickDevice(e, s?.remote ?? true, prng);
    const sessionId = `102${prng.alnum(22)}`;
    const base = { ip, device, sessionId };
    let time = t;
    if (prng.chance(0.035)) {
      const record = oktaEvent(
        e,
        {
          ...base,
          time,
          eventType: 'user.session.start',
          displayMessage: 'User login to Okta',
          legacyEventType: 'core.user_auth.login_failed',
          outcome: { result: 'FAILURE', reason: 'INVALID_CREDENTIALS' },
          credentialType: 'PASSWORD',
        },
        prng,
      );
      out.push({ time, record });
      time += prng.int(8_000, 60_000);
    }
    out.push({
      time,
      record: oktaEvent(
        e,
        {
          ...base,
          time,
          eventType: 'user.session.start',
          displayMessage: 'User login to Okta',
          legacyEventType: 'core.user_auth.login_success',
          credentialType: 'PASSWORD',
        },
        prng,
      ),
    });
    if (prng.chance(0.85)) {
      time += prng.int(4_000, 40_000);
      const failed = prng.chance(0.02);
      const mfa = (result: 'SUCCESS' | 'FAILURE'): NativeRecord =>
        oktaEvent(
          e,
          {
            ...base,
            time,
            eventType: 'user.authentication.auth_via_mfa',
            displayMessage: 'Authentication of user via MFA',
            legacyEventType:
              result === 'SUCCESS'
                ? 'core.user.factor.attempt_success'
                : 'core.user.factor.attempt_fail',
            outcome: result === 'SUCCESS' ? { result } : { result, reason: 'INVALID_CREDENTIALS' },
            credentialType: 'OTP',
            debugData: { factor: 'OKTA_VERIFY_PUSH' },
          },
          prng,
        );
      if (failed) {
        out.push({ time, record: mfa('FAILURE') });
        time += prng.int(10_000, 50_000);
      }
      out.push({ time, record: mfa('SUCCESS') });
    }
  }
  const first = logins[0] ?? plan.sessions[0]?.start ?? 0;
  const ssoCount = prng.poisson(5 * ctx.rate * plan.intensity);
  for (let i = 0; i < ssoCount; i++) {
    const time = Math.max(first + 60_000 + i, sampleTime(plan, prng));
    const s = sessionAt(plan, time);
    const app = prng.chance(0.45) ? prng.pick(e.apps.slice(0, 6)) : prng.pick(e.apps);
    const base = {
      time,
      ip: s?.ip ?? e.homeIp,
      device: pickDevice(e, s?.remote ?? true, prng),
      sessionId: `102${prng.alnum(22)}`,
    };
    out.push({ time, record: oktaSso(e, app, base, prng) });
  }
  const last = plan.sessions[plan.sessions.length - 1];
  if (last && prng.chance(0.25)) {
    const time = last.end - prng.int(1_000, 120_000);
    out.push({
      time,
      record: oktaEvent(
        e,
        {
          time,
          ip: last.ip,
          device: primaryDevice(e.devices),
          sessionId: `102${prng.alnum(22)}`,
          eventType: 'user.session.end',
          displayMessage: 'User logout from Okta',
          legacyEventType: 'core.user_auth.logout_success',
        },
        prng,
      ),
    });
  }
  return out;
}

/** Okta System Log: sign-ins, MFA, SSO into apps, and the occasional admin change. */
export const oktaSource: SourceEmitter = {
  id: 'okta',
  file: 'okta.ndjson',
  format: 'ndjson',
  timeFormat: '`published`: ISO-8601 UTC with milliseconds and Z',
  countingRule: 'one LogEvent = one event',
  employeeDay: normalDay,
  eventCount: () => 1,
  actionOf: (r) => String(r.eventType),
  serialize: (r) => JSON.stringify(r),
};
