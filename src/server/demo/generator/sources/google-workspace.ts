import { isoTime } from '../calendar';
import { departmentProfile } from '../catalog/departments';
import { usualColleagues } from '../colleagues';
import type { Company } from '../company';
import type { Employee, FileItem } from '../org-types';
import { hash32, type Prng } from '../prng';
import { sampleTime, sessionAt } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';

/** A Reports API parameter: exactly one of the value fields is set. */
export type GoogleParameter =
  | { name: string; value: string }
  | { name: string; boolValue: boolean }
  | { name: string; intValue: string }
  | { name: string; multiValue: string[] };

/** One entry of an activity's `events[]`. */
export interface GoogleEvent {
  readonly type: string;
  readonly name: string;
  readonly parameters: GoogleParameter[];
}

/** One `admin#reports#activity` as `activities.list` returns it. */
export function googleActivity(
  company: Company,
  e: Employee,
  time: number,
  applicationName: 'drive' | 'login',
  ip: string,
  events: GoogleEvent[],
  prng: Prng,
): NativeRecord {
  // uniqueQualifier is a signed 64-bit integer rendered as a string.
  const qualifier = `${prng.chance(0.5) ? '-' : ''}${prng.int(1, 9)}${prng.chars(18, '0123456789')}`;
  const activity: NativeRecord = {
    kind: 'admin#reports#activity',
    id: {
      time: isoTime(time),
      uniqueQualifier: qualifier,
      applicationName,
      customerId: company.googleCustomerId,
    },
    etag: `"${prng.alnum(43)}/${prng.alnum(27)}"`,
    actor: { callerType: 'USER', email: e.email, profileId: e.googleProfileId },
    ipAddress: ip,
    events,
  };
  if (applicationName === 'drive') activity.ownerDomain = company.domain;
  return activity;
}

function sharedDriveId(file: FileItem): string {
  return `0A${hash32(`${file.department}|drive`).toString(36).padEnd(8, 'x')}Uk9PVA`;
}

/**
 * Parameters every Drive access event carries. `label` is a Vigil enrichment: the Reports API
 * reports Drive labels only on label-change events, so the generator stamps the file's
 * sensitivity label on access events for the parser to carry into `file.label`.
 */
function driveParameters(file: FileItem, visibility: string, primary = true): GoogleParameter[] {
  const shared = file.department !== 'All' && file.store === 'drive';
  const owner =
    file.department === 'All' || !shared
      ? file.ownerEmail
      : departmentProfile(file.department).site;
  const params: GoogleParameter[] = [
    { name: 'primary_event', boolValue: primary },
    { name: 'billable', boolValue: true },
    { name: 'owner_is_shared_drive', boolValue: shared },
    ...(shared ? [{ name: 'shared_drive_id', value: sharedDriveId(file) }] : []),
    { name: 'owner', value: owner },
    { name: 'doc_id', value: file.id },
    { name: 'doc_type', value: file.docType },
    { name: 'doc_title', value: file.name },
    { name: 'visibility', value: visibility },
    { name: 'actor_is_collaborator_account', boolValue: false },
  ];
  if (file.label) params.push({ name: 'label', value: file.label });
  return params;
}

/** A Drive access event (`view`, `download`, `trash`, ...). */
export function driveAccessEvent(
  file: FileItem,
  name: string,
  visibility = 'shared_internally',
): GoogleEvent {
  return { type: 'access', name, parameters: driveParameters(file, visibility) };
}

/** Sharing a Drive file with one person (`change_user_access`). */
export function driveShareEvent(
  file: FileItem,
  targetUser: string,
  external: boolean,
): GoogleEvent {
  return {
    type: 'acl_change',
    name: 'change_user_access',
    parameters: [
      ...driveParameters(file, external ? 'shared_externally' : 'shared_internally'),
      { name: 'target_user', value: targetUser },
      { name: 'old_value', multiValue: ['none'] },
      { name: 'new_value', multiValue: ['can_view'] },
      { name: 'visibility_change', value: external ? 'external' : 'internal' },
    ],
  };
}

/** Turning on "anyone with the link" (`change_document_visibility`). */
export function driveLinkEvent(file: FileItem): GoogleEvent {
  return {
    type: 'acl_change',
    name: 'change_document_visibility',
    parameters: [
      ...driveParameters(file, 'people_with_link'),
      { name: 'old_value', multiValue: ['private'] },
      { name: 'new_value', multiValue: ['people_with_link'] },
      { name: 'target_domain', value: 'all' },
      { name: 'visibility_change', value: 'external' },
    ],
  };
}

const DRIVE_MIX: readonly (readonly [string, number])[] = [
  ['view', 50],
  ['edit', 22],
  ['preview', 6],
  ['download', 8],
  ['upload', 3],
  ['create', 2],
  ['rename', 1],
  ['move', 1.5],
  ['trash', 0.8],
  ['change_user_access', 1.5],
];

function driveEvents(
  e: Employee,
  file: FileItem,
  name: string,
  colleagues: readonly Employee[],
  prng: Prng,
): GoogleEvent[] {
  switch (name) {
    case 'change_user_access': {
      const to = prng.pick(colleagues);
      return [driveShareEvent(file, to.email, false)];
    }
    case 'move':
      // A move is reported with its folder side effects in the same activity.
      return [
        driveAccessEvent(file, 'move'),
        {
          type: 'access',
          name: 'add_to_folder',
          parameters: driveParameters(file, 'shared_internally', false),
        },
        {
          type: 'access',
          name: 'remove_from_folder',
          parameters: driveParameters(file, 'shared_internally', false),
        },
      ];
    default:
      return [
        driveAccessEvent(
          file,
          name,
          file.ownerEmail === e.email && prng.chance(0.4) ? 'private' : 'shared_internally',
        ),
      ];
  }
}

function normalDay({ ctx, employee: e, plan, prng }: DayContext): Emitted[] {
  const { company } = ctx.org;
  const out: Emitted[] = [];
  const first = plan.sessions[0];
  if (first && prng.chance(0.9)) {
    const time = first.start + prng.int(60_000, 600_000);
    const login: GoogleEvent = {
      type: 'login',
      name: 'login_success',
      parameters: [
        { name: 'login_type', value: 'saml' },
        { name: 'login_challenge_method', multiValue: ['none'] },
        { name: 'is_suspicious', boolValue: false },
      ],
    };
    out.push({ time, record: googleActivity(company, e, time, 'login', first.ip, [login], prng) });
  }
  const files = e.files.filter((f) => f.store === 'drive');
  const volume = departmentProfile(e.department).volumes.drive;
  const n = files.length === 0 ? 0 : prng.poisson(volume * ctx.rate * plan.intensity);
  const colleagues = usualColleagues(ctx.org, e);
  for (let i = 0; i < n; i++) {
    const time = sampleTime(plan, prng);
    const file = prng.pick(files);
    const name = prng.weighted(DRIVE_MIX);
    if (name === 'change_user_access' && colleagues.length === 0) continue;
    const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
    out.push({
      time,
      record: googleActivity(
        company,
        e,
        time,
        'drive',
        ip,
        driveEvents(e, file, name, colleagues, prng),
        prng,
      ),
    });
  }
  return out;
}

/** Google Workspace Reports API activities (login and drive applications). */
export const googleWorkspaceSource: SourceEmitter = {
  id: 'google-workspace',
  file: 'google-workspace.ndjson',
  format: 'ndjson',
  timeFormat: '`id.time`: ISO-8601 UTC with milliseconds and Z',
  countingRule:
    'one event per entry of `events[]` (a Drive move carries move, add_to_folder and remove_from_folder)',
  employeeDay: normalDay,
  eventCount: (r) => (Array.isArray(r.events) ? r.events.length : 0),
  actionOf: (r) => {
    const events = r.events as GoogleEvent[];
    return events[0]?.name ?? 'unknown';
  },
  serialize: (r) => JSON.stringify(r),
};
