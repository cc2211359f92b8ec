import type { Outcome } from '../../../shared/events';
import { EventClass } from '../../../shared/events';
import { resolveActor } from './addresses';
import type { RecordContext } from './define-parser';
import type { JsonObject } from './fields';
import { at, field, firstText, integer, isObject, list, text } from './fields';
import { readJsonText } from './json-text';
import type { ParsedItem } from './parser';
import { stableId } from './stable-id';
import { parseTime, requireTime } from './timestamps';

/** Intune's `ActivityDate`: US month/day/year with a 12-hour clock, in UTC. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i;

/** The properties of an Intune audit record: an object, or JSON in a string (Log Analytics). */
export function intuneAuditProperties(record: JsonObject): JsonObject | null {
  const properties = readJsonText(field(record, 'properties'));
  return isObject(properties) ? properties : null;
}

/** True for an Intune audit record (its properties name an `Actor`, Entra's an `initiatedBy`). */
export function isIntuneAudit(record: JsonObject): boolean {
  const properties = intuneAuditProperties(record);
  return (
    properties !== null &&
    isObject(field(properties, 'Actor')) &&
    (field(properties, 'AuditEventId') !== undefined ||
      field(properties, 'ActivityType') !== undefined ||
      text(field(record, 'category')) === 'AuditLogs')
  );
}

/**
 * One Intune audit record (diagnostic settings `AuditLogs`, or Log Analytics `IntuneAuditLogs`
 * with `Properties` as a JSON string): an administrator's change in Intune (a device wiped or
 * retired, an app or policy created). Kept in the device topic as `other`, with the operation
 * as the action and what it touched as the target. `time` is sometimes malformed in exports
 * (`2025-04-11:21:02.33Z`); `properties.ActivityDate` is read then.
 */
export function intuneAuditItems(record: JsonObject, context: RecordContext): ParsedItem[] {
  const properties = intuneAuditProperties(record)!;
  const operation = firstText(field(record, 'operationName'), field(properties, 'ActivityName'));
  if (operation === null) context.fail('no operation: Intune audit records need `operationName`');
  const time = requireTime(
    auditTime(record, properties),
    { name: '`time`', missing: 'Intune audit records need `time` or `properties.ActivityDate`' },
    context.position,
    context.options,
  );
  const actor = field(properties, 'Actor');
  const account = firstText(field(actor, 'UPN'), field(record, 'identity'));
  const actorId = firstText(field(actor, 'ObjectId'), field(actor, 'ApplicationName'));
  if (account === null && actorId === null) {
    context.fail('no actor: Intune audit records need `properties.Actor.UPN`');
  }
  const targets = list(field(properties, 'TargetDisplayNames'))
    .map((name) => text(name))
    // Intune writes a missing name as the text "<null>".
    .filter((name): name is string => name !== null && name !== '<null>');
  const onDevice = /manageddevice/i.test(operation);
  return [
    context.event({
      time,
      sourceEventId:
        firstText(field(properties, 'AuditEventId'), field(record, 'correlationId')) ??
        stableId('intune-audit', [time, operation, account, targets]),
      activity: 'other',
      classification: { category: 'device', classUid: EventClass.deviceInventory, activityId: 99 },
      action: operation,
      outcome: outcomeOf(field(properties, 'ActivityResultStatus'), field(record, 'resultType')),
      ...(account !== null
        ? resolveActor(account, context.options, actorId)
        : { actorEmail: null, actorId }),
      app: 'Microsoft Intune',
      device: onDevice && targets[0] ? { name: targets[0], managed: true } : null,
      target: targets.join(', ') || null,
      attributes: {
        actorApplication: text(field(actor, 'ApplicationName')) ?? undefined,
        targetObjectIds: list(field(properties, 'TargetObjectIds')).map((id) => text(id)),
        auditCategory: integer(field(properties, 'Category')) ?? undefined,
        modifiedProperties: at(properties, 'Targets') ?? undefined,
      },
    }),
  ];
}

function auditTime(record: JsonObject, properties: JsonObject): unknown {
  const stamp = firstText(field(record, 'time'), field(record, 'TimeGenerated'));
  if (stamp !== null && !Number.isNaN(parseTime(stamp))) return stamp;
  const date = text(field(properties, 'ActivityDate'));
  const us = date === null ? null : US_DATE.exec(date);
  if (us === null) return date ?? stamp;
  const [, month, day, year, hour, minute, second = '0', half] = us;
  let h = Number(hour) % (half ? 12 : 24);
  if (half?.toUpperCase() === 'PM') h += 12;
  return new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), h, Number(minute), Number(second)),
  ).toISOString();
}

function outcomeOf(status: unknown, resultType: unknown): Outcome {
  const code = integer(status);
  if (code === 1) return 'success';
  if (code !== null && code > 1) return 'failure';
  const word = text(status) ?? text(resultType);
  if (word === null) return 'unknown';
  return /^succe/i.test(word) ? 'success' : /^fail/i.test(word) ? 'failure' : 'unknown';
}
