import type { Activity, EventCategory, EventSource, Outcome } from '../../../shared/events';
import { activities, eventCategories, eventSources, outcomes } from '../../../shared/events';
import { activityCatalog } from './activity-catalog';
import { emailDomain, normalizeEmail, unique } from './addresses';
import { defineRecordParser } from './define-parser';
import type { RecordContext } from './define-parser';
import type { EventDraft } from './event-builder';
import { buildEvent } from './event-builder';
import { field, text } from './fields';
import { NormalizedFields } from './normalized-fields';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';

/**
 * Events already in Vigil's normalized schema (see src/shared/events.ts), as JSON (NDJSON, an
 * array, or `{records: [...]}`) or as CSV with flat columns:
 *
 * | column | JSON field |
 * |---|---|
 * | source, source_event_id, time, activity, action, outcome | same names in camelCase |
 * | category, class_uid, activity_id | default from the activity when absent |
 * | actor_email, actor_id, app, ip, location, repository, target | same |
 * | file_id, file_name, file_path, file_size, file_label, file_destination | file.* |
 * | email_recipients (`;`-separated), email_external, email_subject, email_attachments, email_size | email.* (domains come from the recipients) |
 * | chat_channel, chat_external, chat_direct_message, chat_text | chat.* |
 * | device_id, device_name, device_managed, device_os, device_removable_media | device.* |
 * | process_name, process_command_line, process_parent_name | process.* |
 * | attributes (a JSON object) | attributes |
 *
 * `time` is epoch ms or ISO-8601; `source` defaults to `normalized` (a record may name another
 * source, e.g. when re-importing an export); `sourceEventId` defaults to a hash of the record.
 * A wrong type is rejected with the field's name rather than guessed.
 */
export const normalizedParser = defineRecordParser({
  source: 'normalized',
  label: 'Normalized events',
  recordNoun: 'a normalized event',
  description:
    "Events already in Vigil's normalized schema, as JSON or CSV (synthetic data, other tools).",
  framings: ['ndjson', 'csv', 'json-array', 'json-wrapper'],
  mismatch: (record) => (text(field(record, 'activity')) === null ? 'it has no `activity`' : null),
  parse(record, context) {
    const fields = new NormalizedFields(record, context);
    const activity = oneOf(fields.text('activity'), activities, 'activity', context) as Activity;
    const source = oneOf(fields.text('source'), eventSources, 'source', context) ?? 'normalized';
    // A re-imported export keeps the provenance it already had.
    const raw = field(record, 'raw') ?? record;
    const event = buildEvent(
      source as EventSource,
      readDraft(fields, activity, record, context),
      raw,
      context.position,
    );
    return [{ kind: 'event', event, position: context.position }];
  },
});

function readDraft(
  fields: NormalizedFields,
  activity: Activity,
  record: unknown,
  context: RecordContext,
): EventDraft {
  const time = requireTime(
    fields.raw('time'),
    {
      name: '`time`',
      missing: 'normalized events need `time` (epoch ms or ISO-8601)',
      epoch: 'ms',
    },
    context.position,
    context.options,
  );
  const actorEmail = normalizeEmail(fields.text('actorEmail'));
  const actorId = fields.text('actorId');
  if (actorEmail === null && actorId === null) {
    context.fail('no actor: normalized events need `actorEmail` or `actorId`');
  }
  const category = oneOf(fields.text('category'), eventCategories, 'category', context);
  const classUid = fields.integer('classUid');
  const activityId = fields.integer('activityId');
  const recipients = fields.list('email.recipients').map((value) => normalizeEmail(value) ?? value);
  return {
    time,
    sourceEventId: fields.text('sourceEventId') ?? stableId('normalized', [record]),
    activity,
    action: fields.text('action') ?? activity,
    outcome: (oneOf(fields.text('outcome'), outcomes, 'outcome', context) ?? 'unknown') as Outcome,
    actorEmail,
    actorId,
    app: fields.text('app'),
    ip: fields.text('ip'),
    location: fields.text('location'),
    repository: fields.text('repository'),
    target: fields.text('target'),
    file: fields.any(['file.id', 'file.name', 'file.path', 'file.destination'])
      ? {
          id: fields.text('file.id'),
          name: fields.text('file.name'),
          path: fields.text('file.path'),
          size: fields.integer('file.size'),
          label: fields.text('file.label'),
          destination: fields.text('file.destination'),
        }
      : null,
    email:
      recipients.length > 0 || fields.any(['email.subject'])
        ? {
            recipients,
            external: fields.boolean('email.external') ?? false,
            domains: unique(recipients.filter((value) => value.includes('@')).map(emailDomain)),
            subject: fields.text('email.subject'),
            attachments: fields.integer('email.attachments') ?? 0,
            size: fields.integer('email.size'),
          }
        : null,
    chat: fields.any(['chat.channel', 'chat.text'])
      ? {
          channel: fields.text('chat.channel'),
          external: fields.boolean('chat.external') ?? false,
          directMessage: fields.boolean('chat.directMessage') ?? false,
          text: fields.text('chat.text'),
        }
      : null,
    device: fields.any(['device.id', 'device.name'])
      ? {
          id: fields.text('device.id'),
          name: fields.text('device.name'),
          managed: fields.boolean('device.managed'),
          os: fields.text('device.os'),
          removableMedia: fields.boolean('device.removableMedia') ?? false,
        }
      : null,
    process: fields.any(['process.name', 'process.commandLine'])
      ? {
          name: fields.text('process.name'),
          commandLine: fields.text('process.commandLine'),
          parentName: fields.text('process.parentName'),
        }
      : null,
    attributes: fields.object('attributes') ?? {},
    classification: {
      category: (category ?? activityCatalog[activity].category) as EventCategory,
      classUid: classUid ?? activityCatalog[activity].classUid,
      activityId: activityId ?? activityCatalog[activity].activityId,
    },
  };
}

/** The value when it is one of the allowed ones; null when absent; a RecordError otherwise. */
function oneOf(
  value: string | null,
  allowed: readonly string[],
  name: string,
  context: RecordContext,
): string | null {
  if (value === null) return null;
  if (allowed.includes(value)) return value;
  return context.fail(
    `\`${name}\` "${value.slice(0, 60)}" is not one of Vigil's values (${allowed.slice(0, 8).join(', ')}...)`,
  );
}
