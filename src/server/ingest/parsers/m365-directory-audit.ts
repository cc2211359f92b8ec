import type { Activity, Outcome } from '../../../shared/events';
import { cleanIp, normalizeEmail, resolveActor } from './addresses';
import type { RecordContext } from './define-parser';
import type { JsonObject } from './fields';
import { field, firstField, firstText, isObject, list, lookup, text } from './fields';
import { readJsonText } from './json-text';
import type { ParsedItem } from './parser';
import { recordDigest, stableId } from './stable-id';
import { requireTime } from './timestamps';

/** Entra ID audit activities with a fixed normalized activity (names as Entra writes them). */
const activities: Record<string, Activity> = {
  'add member to role': 'admin_granted',
  'add eligible member to role': 'admin_granted',
  'add member to role completed (pim activation)': 'admin_granted',
  'add member to group': 'role_granted',
  'add owner to group': 'role_granted',
  'add app role assignment grant to user': 'role_granted',
  'add user': 'account_created',
  'invite external user': 'account_created',
  'update user': 'account_changed',
  'delete user': 'account_changed',
  'disable account': 'account_changed',
  'add service principal credentials': 'account_changed',
  'update application – certificates and secrets management': 'account_changed',
  'update application - certificates and secrets management': 'account_changed',
  'reset user password': 'password_reset',
  'reset password (by admin)': 'password_reset',
  'reset password (self-service)': 'password_reset',
  'change user password': 'password_change',
  'change password (self-service)': 'password_change',
  'disable strong authentication': 'mfa_disable',
  'admin deleted security info': 'mfa_disable',
  'user deleted security info': 'mfa_disable',
};

/** The audit record itself: Sentinel and Graph rows are flat, diagnostic exports nest `properties`. */
function bodyOf(record: JsonObject): JsonObject {
  const inner = innerRecord(record);
  return inner === record ? record : { ...inner, time: field(record, 'time') };
}

/** The audit record as its source wrote it: a diagnostic export's `properties`, else itself. */
function innerRecord(record: JsonObject): JsonObject {
  const properties = readJsonText(field(record, 'properties'));
  return isObject(properties) && field(properties, 'initiatedBy') !== undefined
    ? properties
    : record;
}

/**
 * True for an Entra ID (Azure AD) directory audit record: Sentinel's `AuditLogs` table
 * (`InitiatedBy` and `TargetResources` as JSON strings), Graph's `directoryAudit`, or a
 * diagnostic-settings export (`{category: "AuditLogs", properties: {initiatedBy...}}`).
 */
export function isDirectoryAudit(record: JsonObject): boolean {
  const body = bodyOf(record);
  return (
    field(body, 'initiatedBy') !== undefined &&
    firstText(field(body, 'activityDisplayName'), field(body, 'OperationName')) !== null
  );
}

/**
 * One directory audit record as an event: role and group grants, accounts created, changed and
 * deleted, password resets, MFA methods removed; anything else is kept as `other`. The actor is
 * the initiating user (or app), the target the first target resource.
 */
export function directoryAuditItems(record: JsonObject, context: RecordContext): ParsedItem[] {
  const body = bodyOf(record);
  const name = firstText(field(body, 'activityDisplayName'), field(body, 'OperationName'))!;
  const stamp = firstField(body, ['activityDateTime', 'TimeGenerated', 'time']);
  const time = requireTime(
    stamp?.value,
    {
      name: `\`${stamp?.name ?? 'ActivityDateTime'}\``,
      missing: 'Entra ID audit records need `ActivityDateTime` or `TimeGenerated`',
    },
    context.position,
    context.options,
  );
  const initiator = readJsonText(field(body, 'initiatedBy'));
  const user = field(initiator, 'user');
  const app = field(initiator, 'app');
  const account = firstText(field(user, 'userPrincipalName'));
  const actorId = firstText(
    field(user, 'id'),
    field(app, 'displayName'),
    field(app, 'servicePrincipalId'),
    field(app, 'appId'),
  );
  if (account === null && actorId === null) {
    context.fail('no actor: Entra ID audit records need `InitiatedBy.user` or `InitiatedBy.app`');
  }
  const targets = list(readJsonText(field(body, 'targetResources'))).filter(isObject);
  const target = targets[0];
  const activity = lookup(activities, name.trim().toLowerCase()) ?? 'other';
  return [
    context.event({
      time,
      sourceEventId:
        idWithDigest(text(field(body, 'id')), innerRecord(record)) ??
        stableId('entra', [time, name, account, targets]),
      activity,
      action: name.trim(),
      outcome: outcomeOf(text(field(body, 'result'))),
      ...(account !== null
        ? resolveActor(account, context.options, actorId)
        : { actorEmail: null, actorId }),
      app: 'Microsoft Entra ID',
      ip: cleanIp(field(user, 'ipAddress')),
      target:
        normalizeEmail(field(target, 'userPrincipalName')) ??
        firstText(field(target, 'displayName'), field(target, 'id')),
      attributes: {
        category: text(field(body, 'category')) ?? undefined,
        loggedByService: text(field(body, 'loggedByService')) ?? undefined,
        correlationId: text(field(body, 'correlationId')) ?? undefined,
        initiatedByApp: text(field(app, 'displayName')) ?? undefined,
        targetType: text(field(target, 'type')) ?? undefined,
        modifiedProperties: field(target, 'modifiedProperties') ?? undefined,
        additionalDetails: readJsonText(field(body, 'additionalDetails')) ?? undefined,
      },
    }),
  ];
}

function outcomeOf(result: string | null): Outcome {
  const lower = result?.toLowerCase() ?? '';
  if (lower === 'success') return 'success';
  if (lower === 'failure' || lower === 'timeout') return 'failure';
  return 'unknown';
}

/** The source's id with the record's digest (ids repeat across distinct records), or null. */
function idWithDigest(id: string | null, record: unknown): string | null {
  return id === null ? null : `${id.slice(0, 64)}:${recordDigest(record)}`;
}
