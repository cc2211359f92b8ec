import type { Activity, Outcome } from '../../../shared/events';
import { cleanIp, resolveActor } from './addresses';
import { defineRecordParser } from './define-parser';
import type { JsonObject } from './fields';
import { at, field, firstText, isObject, list, lookup, text } from './fields';
import { recordDigest } from './stable-id';
import { requireTime } from './timestamps';

/** Okta event types with a fixed normalized activity. */
const activityByEventType: Record<string, Activity> = {
  'user.session.start': 'login',
  'user.session.end': 'logout',
  'user.authentication.sso': 'app_access',
  'user.authentication.auth_via_mfa': 'mfa_verify',
  'user.authentication.verify': 'mfa_verify',
  'user.mfa.factor.deactivate': 'mfa_disable',
  'user.mfa.factor.reset_all': 'mfa_disable',
  'user.mfa.factor.suspend': 'mfa_disable',
  'system.mfa.factor.deactivate': 'mfa_disable',
  'user.mfa.attempt_bypass': 'mfa_bypass',
  'user.account.reset_password': 'password_reset',
  'user.credential.forgot_password': 'password_reset',
  'user.account.update_password': 'password_change',
  'user.account.privilege.grant': 'admin_granted',
  'group.privilege.grant': 'admin_granted',
  'application.user_membership.add': 'role_granted',
  'app.user_membership.add': 'role_granted',
  'group.user_membership.add': 'role_granted',
  'user.lifecycle.create': 'account_created',
  'user.account.update_profile': 'account_changed',
};

const MFA_WORDS = /\b(mfa|multi-?factor|2fa|two-?factor)\b/i;

/**
 * Okta System Log LogEvents (`/api/v1/logs`). Also reads Panther's copies: lower-cased keys
 * (`eventtype`, `debugcontext`) and `published` as `YYYY-MM-DD HH:MM:SS.fffffffff`.
 */
export const oktaParser = defineRecordParser({
  source: 'okta',
  label: 'Okta System Log',
  recordNoun: 'an Okta System Log event',
  description:
    'Okta System Log events: sign-ins, SSO into apps, MFA and password changes, privileges.',
  framings: ['ndjson', 'json-array'],
  mismatch: (record) =>
    text(field(record, 'eventType')) === null ? 'it has no `eventType`' : null,
  parse(record, context) {
    const eventType = text(field(record, 'eventType'))!;
    const time = requireTime(
      field(record, 'published'),
      { name: '`published`', missing: 'Okta records need `published`' },
      context.position,
      context.options,
    );
    const actorRecord = field(record, 'actor');
    const account = firstText(at(actorRecord, 'alternateId'), at(actorRecord, 'id'));
    if (account === null) context.fail('no actor: Okta records need `actor.alternateId`');
    const actor = resolveActor(account, context.options, text(at(actorRecord, 'id')));
    const result = text(at(record, 'outcome', 'result'))?.toUpperCase() ?? null;
    const outcome = outcomeOf(result);
    const targets = list(field(record, 'target')).filter(isObject);
    const activity = activityOf(eventType, outcome, record, targets);
    const appTarget = targets.find((target) => text(field(target, 'type')) === 'AppInstance');
    const client = field(record, 'client');
    const ipChain = list(at(record, 'request', 'ipChain')).filter(isObject);

    return [
      context.event({
        time,
        // uuid repeats in real exports (and is sometimes the placeholder "uuid"): the record's
        // digest keeps distinct records apart, and the same record read again the same.
        sourceEventId: `${text(field(record, 'uuid'))?.slice(0, 64) ?? 'okta'}:${recordDigest(record)}`,
        activity,
        action: eventType,
        outcome,
        ...actor,
        app:
          activity === 'app_access' ? displayName(appTarget) : (displayName(appTarget) ?? 'Okta'),
        ip: cleanIp(field(client, 'ipAddress')) ?? cleanIp(field(ipChain[0], 'ip')),
        location:
          placeName(field(client, 'geographicalContext')) ??
          placeName(field(ipChain[0], 'geographicalContext')),
        target: targetOf(targets),
        attributes: attributesOf(record, targets, result),
      }),
    ];
  },
});

function outcomeOf(result: string | null): Outcome {
  if (result === 'SUCCESS' || result === 'ALLOW') return 'success';
  if (result === 'FAILURE' || result === 'DENY') return 'failure';
  return 'unknown';
}

function activityOf(
  eventType: string,
  outcome: Outcome,
  record: JsonObject,
  targets: JsonObject[],
): Activity {
  const mapped = lookup(activityByEventType, eventType);
  if (mapped === 'login' && outcome === 'failure') return 'login_failed';
  if (mapped !== undefined) return mapped;
  // A sign-on policy that let someone in without the factor it normally asks for.
  if (eventType === 'policy.evaluate_sign_on') {
    const reason = text(at(record, 'outcome', 'reason')) ?? '';
    const skipped = text(at(record, 'outcome', 'result'))?.toUpperCase() === 'SKIPPED';
    return skipped || /bypass|skip/i.test(reason) ? 'mfa_bypass' : 'other';
  }
  // Switching off an MFA policy or rule removes MFA for everyone it covered.
  if (/^policy\.(lifecycle|rule)\.deactivate$/.test(eventType)) {
    return targets.some((target) => MFA_WORDS.test(displayName(target) ?? ''))
      ? 'mfa_bypass'
      : 'other';
  }
  if (eventType.startsWith('user.lifecycle.')) return 'account_changed';
  return 'other';
}

function displayName(target: unknown): string | null {
  return firstText(field(target, 'displayName'), field(target, 'alternateId'));
}

/** The user or resource acted upon: the first User target, else the first named target. */
function targetOf(targets: JsonObject[]): string | null {
  const user = targets.find((target) => text(field(target, 'type')) === 'User');
  if (user) return firstText(field(user, 'alternateId'), field(user, 'displayName'));
  return targets.length > 0 ? displayName(targets[0]) : null;
}

function placeName(geo: unknown): string | null {
  const parts = [field(geo, 'city'), field(geo, 'state'), field(geo, 'country')]
    .map(text)
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

function attributesOf(
  record: JsonObject,
  targets: JsonObject[],
  result: string | null,
): Record<string, unknown> {
  return {
    displayMessage: text(field(record, 'displayMessage')) ?? undefined,
    severity: text(field(record, 'severity')) ?? undefined,
    outcomeResult: result ?? undefined,
    outcomeReason: text(at(record, 'outcome', 'reason')) ?? undefined,
    userAgent: text(at(record, 'client', 'userAgent', 'rawUserAgent')) ?? undefined,
    externalSessionId: text(at(record, 'authenticationContext', 'externalSessionId')) ?? undefined,
    targets: targets.slice(0, 20).map((target) => ({
      type: text(field(target, 'type')),
      id: text(field(target, 'id')),
      alternateId: text(field(target, 'alternateId')),
      displayName: text(field(target, 'displayName')),
    })),
  };
}
