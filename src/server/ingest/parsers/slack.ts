import type { Activity, Outcome } from '../../../shared/events';
import { cleanIp, normalizeEmail } from './addresses';
import type { RecordContext } from './define-parser';
import { defineRecordParser, emptyPage } from './define-parser';
import type { JsonObject } from './fields';
import { at, field, firstText, isObject, list, lookup, text } from './fields';
import type { ParsedItem } from './parser';
import { slackChannelFacts } from './slack-channels';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';

const activityByAction: Record<string, Activity> = {
  user_login: 'login',
  user_login_failed: 'login_failed',
  user_logout: 'logout',
  file_shared: 'chat_file_share',
  file_downloaded: 'chat_file_download',
  file_downloaded_blocked: 'chat_file_download',
  file_public_link_created: 'file_share_external',
  message_posted: 'chat_message',
  message_deleted: 'chat_delete',
  message_tombstoned: 'chat_delete',
  channel_deleted: 'chat_delete',
  public_channel_deleted: 'chat_delete',
  private_channel_deleted: 'chat_delete',
  mpim_deleted: 'chat_delete',
  file_deleted: 'chat_delete',
  role_change_to_admin: 'admin_granted',
  role_change_to_owner: 'admin_granted',
  user_created: 'account_created',
};

/**
 * Slack Enterprise Audit Logs API entries (`date_create` in epoch seconds; Panther's datetime
 * strings are accepted), one per record or as whole API pages (`{entries: [...]}`).
 *
 * Vigil's own extension, `message_posted`: Slack's audit log carries no message text, but the
 * competitor-mention detector needs it, so exports from a message archive (e.g. the
 * Discovery API) are written as audit-shaped entries:
 * `{id, date_create, action: "message_posted", actor: {user: {id, email}} | "<email>",
 *   entity: {channel: {id, name, privacy, is_shared}}, details: {text}}`.
 * They become `chat_message` events with chat.text.
 */
export const slackParser = defineRecordParser({
  source: 'slack',
  label: 'Slack audit log',
  recordNoun: 'a Slack audit log entry',
  description:
    'Slack Enterprise audit log: sign-ins, file shares and downloads, deletions; plus message text entries.',
  framings: ['ndjson', 'json-wrapper', 'json-array'],
  mismatch(record) {
    if (Array.isArray(field(record, 'entries'))) return null;
    const action = text(field(record, 'action'));
    if (action === null) return 'it has no `action`';
    // GitHub also has `action` and `actor`, but its actor is a login, Slack's an object.
    const actor = field(record, 'actor');
    if (isObject(actor) || (action === 'message_posted' && text(actor) !== null)) return null;
    return 'its `actor` is not an object with `user`';
  },
  parse(record, context) {
    const entries = field(record, 'entries');
    if (Array.isArray(entries)) {
      if (entries.length === 0) return [emptyPage(context.position)];
      return entries.flatMap((entry) => {
        if (!isObject(entry)) return context.fail('an item of `entries` is not a JSON object');
        return parseEntry(entry, context);
      });
    }
    return parseEntry(record, context);
  },
});

function parseEntry(entry: JsonObject, context: RecordContext): ParsedItem[] {
  const action = text(field(entry, 'action'));
  if (action === null) context.fail('no action: Slack audit entries need `action`');
  const time = requireTime(
    field(entry, 'date_create'),
    { name: '`date_create`', missing: 'Slack audit entries need `date_create`', epoch: 's' },
    context.position,
    context.options,
  );
  const actor = field(entry, 'actor');
  const user = field(actor, 'user');
  const actorEmail = normalizeEmail(field(user, 'email')) ?? normalizeEmail(actor);
  const actorId = firstText(field(user, 'id'), field(user, 'name'));
  if (actorEmail === null && actorId === null) {
    context.fail('no actor: Slack audit entries need `actor.user.email` or `actor.user.id`');
  }
  const entity = field(entry, 'entity');
  const details = field(entry, 'details');
  const activity = lookup(activityByAction, action) ?? 'other';
  const file = field(entity, 'file');
  const chat = slackChannelFacts(entity, details);
  const fileInfo = isObject(file)
    ? {
        id: text(field(file, 'id')),
        name: firstText(field(file, 'name'), field(file, 'title')),
        destination: destinationOf(activity, chat.external),
      }
    : null;
  const outcome: Outcome =
    action.endsWith('_blocked') || action === 'user_login_failed' ? 'failure' : 'success';

  return [
    context.event({
      time,
      sourceEventId:
        text(field(entry, 'id')) ?? stableId('slack', [time, action, actorEmail, actorId, entity]),
      activity,
      action,
      outcome,
      actorEmail,
      actorId,
      app: 'Slack',
      ip: cleanIp(at(entry, 'context', 'ip_address')),
      file: fileInfo,
      chat: isChatActivity(activity) ? { ...chat, text: text(field(details, 'text')) } : null,
      target:
        activity === 'admin_granted'
          ? firstText(at(entity, 'user', 'email'), at(entity, 'user', 'id'))
          : null,
      attributes: {
        workspace:
          firstText(
            at(entry, 'context', 'location', 'name'),
            at(entry, 'context', 'location', 'domain'),
          ) ?? undefined,
        entityType: text(field(entity, 'type')) ?? undefined,
        userAgent: text(at(entry, 'context', 'ua')) ?? undefined,
        sessionId: text(at(entry, 'context', 'session_id')) ?? undefined,
        details: isObject(details) && activity !== 'chat_message' ? details : undefined,
        attachments: list(field(details, 'files')).length || undefined,
      },
    }),
  ];
}

function isChatActivity(activity: Activity): boolean {
  return activity.startsWith('chat_');
}

function destinationOf(activity: Activity, external: boolean): string | null {
  if (activity === 'file_share_external') return 'public_link';
  return external && activity === 'chat_file_share' ? 'external_share' : null;
}
