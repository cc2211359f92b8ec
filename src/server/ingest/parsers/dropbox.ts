import type { Activity, Outcome } from '../../../shared/events';
import { EventClass } from '../../../shared/events';
import { cleanIp, normalizeEmail } from './addresses';
import type { RecordContext } from './define-parser';
import { defineRecordParser, emptyPage } from './define-parser';
import type { EventDraft } from './event-builder';
import type { JsonObject } from './fields';
import {
  at,
  bool,
  field,
  firstField,
  firstText,
  integer,
  isObject,
  list,
  lookup,
  text,
} from './fields';
import type { ParsedItem } from './parser';
import { shareFacts } from './share-destination';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';

/** Dropbox event types with a fixed normalized activity. */
const activities: Record<string, Activity> = {
  file_download: 'file_download',
  shared_content_download: 'file_download',
  shared_link_download: 'file_download',
  file_preview: 'file_view',
  file_view: 'file_view',
  shared_content_view: 'file_view',
  shared_link_view: 'file_view',
  file_add: 'file_upload',
  file_edit: 'file_modify',
  file_rename: 'file_modify',
  file_delete: 'file_delete',
  file_permanently_delete: 'file_delete',
  shared_folder_delete: 'file_delete',
  file_copy: 'file_copy',
  shared_content_copy: 'file_copy',
  shared_link_copy: 'file_copy',
  file_move: 'file_move',
  login_success: 'login',
  login_fail: 'login_failed',
  logout: 'logout',
  password_change: 'password_change',
  password_reset: 'password_reset',
  password_reset_all: 'password_reset',
  member_add_name: 'account_created',
  member_change_admin_role: 'admin_granted',
};

/** Event types that open content to someone: invitations, shared links, transfers. */
const SHARES = new Set([
  'shared_content_add_member',
  'shared_content_add_invitees',
  'shared_content_change_member_role',
  'shared_content_change_link_audience',
  'shared_content_transfer_ownership',
  'shared_folder_transfer_ownership',
  'sf_add_group',
  'sf_invite_group',
  'sf_team_invite',
  'sf_external_invite_warn',
  'shared_link_create',
  'shared_link_share',
  'shared_link_change_visibility',
  'shared_link_settings_change_audience',
  'shared_link_settings_add_expiration',
  'shared_link_remove_expiry',
  'shared_folder_create',
]);

/** Event types that take access away (OCSF File Hosting "Unshare"). */
const UNSHARES = new Set([
  'shared_content_remove_member',
  'shared_content_remove_invitees',
  'shared_content_remove_link_password',
  'shared_link_remove_expiry_blocked',
  'shared_link_disable',
  'sf_team_uninvite',
  'shared_content_unshare',
  'shared_folder_unmount',
]);

/**
 * Dropbox Business team events (`team_log/get_events`): one event per record or a whole page
 * (`{events: [...], cursor, has_more}`). Tags are `.tag` in the API and `_tag` in some
 * exports (Panther). Downloads, previews, edits, moves and deletions are file events;
 * invitations, shared links and ownership transfers are shares, external when Dropbox says a
 * non-team member is involved, the link is public or the grantee is outside the company
 * domains; sign-ins, password and two-step changes keep their verbs; the rest is `other` with
 * its details. The API gives events no id, so each is keyed by a digest of the record.
 */
export const dropboxParser = defineRecordParser({
  source: 'dropbox',
  label: 'Dropbox team events',
  recordNoun: 'a Dropbox team event',
  description:
    'Dropbox team activity log: downloads, previews, shares and links, collaborator changes, deletions, sign-ins.',
  framings: ['ndjson', 'json-wrapper', 'json-array'],
  mismatch(record) {
    if (isDropboxPage(record)) return null;
    const type = field(record, 'event_type');
    // Box also has `event_type`, as text; Dropbox's is always a union object.
    if (!isObject(type) || tagOf(type) === null) {
      return 'it has no `event_type` with a `.tag`';
    }
    return null;
  },
  parse(record, context) {
    if (!isDropboxPage(record)) return parseEvent(record, context);
    const events = list(field(record, 'events'));
    if (events.length === 0) return [emptyPage(context.position)];
    return events.flatMap((event) => {
      if (!isObject(event)) return context.fail('an item of `events` is not a JSON object');
      return parseEvent(event, context);
    });
  },
});

/** A Dropbox union's tag: `{".tag": "x"}`, `{"_tag": "x"}`, or a bare string. */
function tagOf(value: unknown): string | null {
  if (typeof value === 'string') return text(value);
  return firstText(field(value, '.tag'), field(value, '_tag'), field(value, 'tag'));
}

function isDropboxPage(record: JsonObject): boolean {
  const events = field(record, 'events');
  return (
    Array.isArray(events) &&
    (field(record, 'cursor') !== undefined ||
      field(record, 'has_more') !== undefined ||
      isObject(field(events[0], 'event_type')))
  );
}

/** The person behind an actor union (user, admin, a trusted non-team member...). */
function personOf(actor: unknown): unknown {
  const tag = tagOf(actor);
  const named = tag === null ? undefined : field(actor, tag);
  if (isObject(named)) return named;
  return field(actor, 'user') ?? field(actor, 'admin') ?? actor;
}

function parseEvent(event: JsonObject, context: RecordContext): ParsedItem[] {
  const type = tagOf(field(event, 'event_type'))?.toLowerCase();
  if (type === undefined)
    return context.fail('no event type: Dropbox events need `event_type.tag`');
  const stamp = firstField(event, ['timestamp', 'p_event_time']);
  const time = requireTime(
    stamp?.value,
    { name: `\`${stamp?.name ?? 'timestamp'}\``, missing: 'Dropbox team events need `timestamp`' },
    context.position,
    context.options,
  );
  const actor = field(event, 'actor');
  const person = personOf(actor);
  const actorEmail = normalizeEmail(field(person, 'email'));
  const actorId = firstText(
    field(person, 'team_member_id'),
    field(person, 'account_id'),
    at(actor, 'app', 'display_name'),
    field(person, 'display_name'),
  );
  if (actorEmail === null && actorId === null) {
    context.fail('no actor: Dropbox team events need `actor.user.email` (or a member id)');
  }
  const details = field(event, 'details');
  const asset = list(field(event, 'assets')).find(isObject);
  const facts = typeFacts(type, event, details, context);
  const origin = field(event, 'origin');
  const geo = field(origin, 'geo_location');
  const place = [text(field(geo, 'city')), text(field(geo, 'country'))].filter(Boolean).join(', ');
  return [
    context.event({
      time,
      sourceEventId: stableId('dropbox', [time, type, actorEmail, actorId, event]),
      action: type,
      outcome: outcomeOf(type, details),
      actorEmail,
      actorId,
      app: 'Dropbox',
      ip: cleanIp(field(geo, 'ip_address')),
      location: place.length > 0 ? place : null,
      file:
        asset !== undefined || facts.destination !== undefined
          ? { ...assetOf(asset), destination: facts.destination ?? null }
          : null,
      activity: facts.activity,
      target: facts.target ?? null,
      classification: facts.classification,
      attributes: {
        category: tagOf(field(event, 'event_category')) ?? undefined,
        description: text(at(event, 'event_type', 'description')) ?? undefined,
        actorType: tagOf(actor) ?? undefined,
        actorName: text(field(person, 'display_name')) ?? undefined,
        accessMethod: tagOf(field(origin, 'access_method')) ?? undefined,
        involvesNonTeamMember: bool(field(event, 'involve_non_team_member')) ?? undefined,
        context: firstText(at(event, 'context', 'email')) ?? undefined,
        details: isObject(details) ? details : undefined,
      },
    }),
  ];
}

interface TypeFacts {
  activity: Activity;
  destination?: string | null;
  target?: string | null;
  classification?: EventDraft['classification'];
}

function typeFacts(
  type: string,
  event: JsonObject,
  details: unknown,
  context: RecordContext,
): TypeFacts {
  if (SHARES.has(type)) {
    const share = shareFacts(
      {
        grantee: granteeOf(event, details),
        publicLink: isPublicLink(details),
        outsider: bool(field(event, 'involve_non_team_member')) === true,
      },
      context.options,
    );
    return { activity: share.activity, destination: share.destination, target: share.target };
  }
  if (UNSHARES.has(type)) {
    return {
      activity: 'other',
      target: granteeOf(event, details),
      classification: {
        category: 'file',
        classUid: EventClass.fileHostingActivity,
        activityId: 13,
      },
    };
  }
  if (type === 'tfa_change_status' && tagOf(field(details, 'new_value')) === 'disabled') {
    return { activity: 'mfa_disable' };
  }
  if (type === 'tfa_remove_backup_phone' || type === 'tfa_remove_security_key') {
    return { activity: 'account_changed' };
  }
  const activity = lookup(activities, type);
  if (activity !== undefined) return { activity };
  if (type.startsWith('sign_in_as_session')) {
    // An admin acting as a member: recorded under the admin, about the member.
    return {
      activity: 'other',
      target: firstText(at(event, 'context', 'email')),
      classification: { category: 'auth', classUid: EventClass.authentication, activityId: 99 },
    };
  }
  return { activity: 'other' };
}

/** Who was given access: new owner, invitee or participant, first found. */
function granteeOf(event: JsonObject, details: unknown): string | null {
  const participant = list(field(event, 'participants'))
    .map((entry) => personOf(entry))
    .find((person) => text(field(person, 'email')) !== null);
  const invitee = list(field(details, 'invitees'))
    .map((entry) => firstText(field(entry, 'email'), entry))
    .find((value) => value !== null);
  return firstText(
    field(details, 'new_owner_email'),
    field(details, 'target_email'),
    invitee,
    field(participant, 'email'),
  );
}

/** A link anyone may open: Dropbox calls its visibility or audience `public`. */
function isPublicLink(details: unknown): boolean {
  const values = [
    field(details, 'new_value'),
    field(details, 'visibility'),
    field(details, 'shared_link_visibility'),
    field(details, 'link_audience'),
    field(details, 'new_audience'),
    at(details, 'shared_link_access_level'),
  ];
  return values.some((value) => tagOf(value)?.toLowerCase() === 'public');
}

function assetOf(asset: JsonObject | undefined): NonNullable<EventDraft['file']> {
  if (asset === undefined) return {};
  const path = firstText(
    at(asset, 'path', 'contextual'),
    at(asset, 'path', 'namespace_relative', 'relative_path'),
  );
  const name = firstText(field(asset, 'display_name')) ?? (path?.split('/').pop() || null);
  return {
    id: firstText(field(asset, 'file_id'), field(asset, 'id')),
    name,
    path,
    size: integer(field(asset, 'size')),
  };
}

function outcomeOf(type: string, details: unknown): Outcome {
  if (type === 'login_fail' || type.endsWith('_blocked') || type.endsWith('_fail'))
    return 'failure';
  if (tagOf(field(details, 'error_details')) !== null) return 'failure';
  return 'success';
}
