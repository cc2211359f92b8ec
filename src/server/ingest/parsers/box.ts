import type { Activity, Outcome } from '../../../shared/events';
import { EventClass } from '../../../shared/events';
import { cleanIp, normalizeEmail, resolveActor } from './addresses';
import type { RecordContext } from './define-parser';
import { defineRecordParser, emptyPage } from './define-parser';
import type { EventDraft } from './event-builder';
import type { JsonObject } from './fields';
import { at, field, firstField, firstText, integer, isObject, list, lookup, text } from './fields';
import type { ParsedItem } from './parser';
import { readJsonText } from './json-text';
import { shareFacts } from './share-destination';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';

/** Box event types with a fixed normalized activity (user events and admin_logs names). */
const activities: Record<string, Activity> = {
  DOWNLOAD: 'file_download',
  PREVIEW: 'file_view',
  ITEM_OPEN: 'file_view',
  UPLOAD: 'file_upload',
  EDIT: 'file_modify',
  RENAME: 'file_modify',
  ITEM_RENAME: 'file_modify',
  DELETE: 'file_delete',
  ITEM_TRASH: 'file_delete',
  COPY: 'file_copy',
  ITEM_COPY: 'file_copy',
  MOVE: 'file_move',
  ITEM_MOVE: 'file_move',
  ITEM_SYNC: 'file_sync',
  ITEM_CREATE: 'file_create',
  LOGIN: 'login',
  ADMIN_LOGIN: 'login',
  FAILED_LOGIN: 'login_failed',
  NEW_USER: 'account_created',
  EDIT_USER: 'account_changed',
  CHANGE_ADMIN_ROLE: 'admin_granted',
  GROUP_ADD_USER: 'role_granted',
};

/** Events that open an item to someone: shared links and collaborations. */
const SHARES = new Set([
  'SHARE',
  'ITEM_SHARED',
  'ITEM_SHARED_CREATE',
  'ITEM_SHARED_UPDATE',
  'SHARED_LINK_SEND',
  'COLLABORATION_INVITE',
  'COLLABORATION_ROLE_CHANGE',
  'COLLAB_ADD_COLLABORATOR',
  'COLLAB_INVITE_COLLABORATOR',
  'COLLAB_ROLE_CHANGE',
  'CHANGE_FOLDER_PERMISSION',
]);

/** Events that take access away again (OCSF File Hosting "Unshare"). */
const UNSHARES = new Set([
  'UNSHARE',
  'ITEM_UNSHARED',
  'COLLABORATION_REMOVE',
  'COLLABORATION_EXPIRATION',
  'COLLAB_REMOVE_COLLABORATOR',
]);

/**
 * Box enterprise events (`GET /events?stream_type=admin_logs`, and the user stream): one event
 * per record, or a whole page (`{chunk_size, next_stream_position, entries: [...]}`). Downloads,
 * previews, uploads, edits, moves and deletions are file events; shared links and
 * collaborations are shares, external when the link is open to anyone or the collaborator is
 * outside the company domains; sign-ins and admin changes keep their usual verbs; everything
 * else (Shield alerts, policy violations...) is kept as `other` with its details. The actor is
 * `created_by.login`; `additional_details` may be an object or JSON in a string (Panther).
 */
export const boxParser = defineRecordParser({
  source: 'box',
  label: 'Box events',
  recordNoun: 'a Box event',
  description:
    'Box enterprise events: downloads, previews, shared links, collaborations, deletions, sign-ins.',
  framings: ['ndjson', 'json-wrapper', 'json-array'],
  mismatch(record) {
    if (isBoxPage(record)) return null;
    const type = field(record, 'event_type');
    if (typeof type !== 'string') return 'it has no `event_type` text';
    if (!isObject(field(record, 'created_by')) && text(field(record, 'type')) !== 'event') {
      return 'it has neither `created_by` nor `type: "event"`';
    }
    return null;
  },
  parse(record, context) {
    if (!isBoxPage(record)) return parseEvent(record, context);
    const entries = list(field(record, 'entries'));
    if (entries.length === 0) return [emptyPage(context.position)];
    return entries.flatMap((entry) => {
      if (!isObject(entry)) return context.fail('an item of `entries` is not a JSON object');
      return parseEvent(entry, context);
    });
  },
});

function isBoxPage(record: JsonObject): boolean {
  const entries = field(record, 'entries');
  if (!Array.isArray(entries)) return false;
  const first: unknown = entries[0];
  // Slack pages hold `entries` too; Box pages say where the stream goes next.
  return (
    field(record, 'next_stream_position') !== undefined ||
    field(record, 'chunk_size') !== undefined ||
    (isObject(first) && typeof field(first, 'event_type') === 'string')
  );
}

function parseEvent(event: JsonObject, context: RecordContext): ParsedItem[] {
  const type = text(field(event, 'event_type'))?.toUpperCase();
  if (type === undefined) return context.fail('no event type: Box events need `event_type`');
  const stamp = firstField(event, ['created_at', 'recorded_at', 'p_event_time']);
  const time = requireTime(
    stamp?.value,
    { name: `\`${stamp?.name ?? 'created_at'}\``, missing: 'Box events need `created_at`' },
    context.position,
    context.options,
  );
  const creator = field(event, 'created_by');
  const login = text(field(creator, 'login'));
  const creatorId = text(field(creator, 'id'));
  if (login === null && creatorId === null) {
    context.fail('no actor: Box events need `created_by.login` or `created_by.id`');
  }
  const details = readJsonText(field(event, 'additional_details'));
  const source = field(event, 'source');
  const facts = typeFacts(type, event, details, context);
  return [
    context.event({
      time,
      sourceEventId:
        text(field(event, 'event_id')) ??
        stableId('box', [time, type, login, creatorId, source, details]),
      action: type,
      outcome: outcomeOf(type),
      ...(login !== null
        ? resolveActor(login, context.options, creatorId)
        : { actorEmail: null, actorId: creatorId }),
      app: 'Box',
      ip: cleanIp(field(event, 'ip_address')),
      file: isItem(source) ? { ...itemOf(source, details), ...facts.file } : (facts.file ?? null),
      ...facts.rest,
      attributes: {
        actorName: text(field(creator, 'name')) ?? undefined,
        sessionId: text(field(event, 'session_id')) ?? undefined,
        itemType: text(field(source, 'item_type')) ?? undefined,
        sourceType: text(field(source, 'type')) ?? undefined,
        details: isObject(details) ? details : undefined,
      },
    }),
  ];
}

interface TypeFacts {
  file?: EventDraft['file'];
  rest: Pick<EventDraft, 'activity' | 'target' | 'classification'>;
}

function typeFacts(
  type: string,
  event: JsonObject,
  details: unknown,
  context: RecordContext,
): TypeFacts {
  const grantee = field(event, 'accessible_by');
  const granteeName = firstText(
    field(grantee, 'login'),
    field(grantee, 'name'),
    field(details, 'invitee_email'),
  );
  if (SHARES.has(type)) {
    const share = shareFacts(
      { grantee: granteeName, publicLink: isOpenLink(details, event), outsider: false },
      context.options,
    );
    return {
      file: { destination: share.destination },
      rest: { activity: share.activity, target: share.target },
    };
  }
  if (UNSHARES.has(type)) {
    return {
      rest: {
        activity: 'other',
        target: normalizeEmail(granteeName) ?? granteeName,
        classification: {
          category: 'file',
          classUid: EventClass.fileHostingActivity,
          activityId: 13,
        },
      },
    };
  }
  const activity = lookup(activities, type);
  if (activity !== undefined) {
    const target = activity.startsWith('file_') ? null : firstText(at(event, 'source', 'login'));
    return { rest: { activity, target } };
  }
  return { rest: { activity: 'other', target: firstText(at(event, 'source', 'login')) } };
}

/** A shared link anyone may open: Box calls that access level `open`. */
function isOpenLink(details: unknown, event: JsonObject): boolean {
  const levels = [
    field(details, 'access'),
    field(details, 'shared_link_access'),
    at(details, 'shared_link', 'access'),
    field(details, 'new_access'),
    at(event, 'source', 'shared_link', 'access'),
  ];
  return levels.some((level) => text(level)?.toLowerCase() === 'open');
}

function isItem(source: unknown): source is JsonObject {
  if (!isObject(source)) return false;
  const type = text(field(source, 'item_type')) ?? text(field(source, 'type'));
  return type === 'file' || type === 'folder' || text(field(source, 'item_id')) !== null;
}

function itemOf(source: JsonObject, details: unknown): NonNullable<EventDraft['file']> {
  const name = firstText(field(source, 'item_name'), field(source, 'name'));
  const parent = firstText(at(source, 'parent', 'name'));
  const folders = list(at(source, 'path_collection', 'entries'))
    .map((entry) => text(field(entry, 'name')))
    .filter((part): part is string => part !== null);
  const path =
    folders.length > 0
      ? [...folders, name].filter(Boolean).join('/')
      : parent !== null && name !== null
        ? `${parent}/${name}`
        : name;
  return {
    id: firstText(field(source, 'item_id'), field(source, 'id')),
    name,
    path,
    size: integer(field(details, 'size')) ?? integer(field(source, 'size')),
  };
}

function outcomeOf(type: string): Outcome {
  if (type === 'FAILED_LOGIN' || type.includes('FAILED') || type.includes('VIOLATION')) {
    return 'failure';
  }
  return 'success';
}
