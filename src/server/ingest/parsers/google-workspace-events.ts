import type { Activity, Outcome } from '../../../shared/events';
import { EventClass } from '../../../shared/events';
import type { ActivityClass } from './activity-catalog';
import { domainIn, isExternalAddress, isPersonalAddress, normalizeEmail } from './addresses';
import type { EventDraft } from './event-builder';
import { integer, isObject, list, lookup, text } from './fields';
import type { ParserOptions } from './parser';

/** The parameters of one Google event, by name, with each value in its natural type. */
export type GoogleParameters = Map<string, unknown>;

/**
 * Reads `parameters` in the API's list form (`[{name, value|boolValue|intValue|multiValue}]`)
 * or as Panther's dict (`{name: value}`).
 */
export function readParameters(value: unknown): GoogleParameters {
  const parameters: GoogleParameters = new Map();
  if (isObject(value)) {
    for (const [name, item] of Object.entries(value)) parameters.set(name, item);
    return parameters;
  }
  for (const item of list(value)) {
    if (!isObject(item)) continue;
    const name = text(item.name);
    if (name === null) continue;
    const found = ['value', 'multiValue', 'boolValue', 'intValue', 'multiIntValue'].find(
      (key) => item[key] !== undefined,
    );
    const raw = found === undefined ? null : item[found];
    parameters.set(name, found === 'intValue' ? (integer(raw) ?? raw) : raw);
  }
  return parameters;
}

/** Drive visibilities that let anyone with the link open the file. */
const LINK_VISIBILITIES = new Set([
  'people_with_link',
  'public_on_the_web',
  'anyone_with_link',
  'public',
]);

const driveActivities: Record<string, Activity> = {
  view: 'file_view',
  preview: 'file_view',
  download: 'file_download',
  edit: 'file_modify',
  upload: 'file_upload',
  create: 'file_create',
  delete: 'file_delete',
  trash: 'file_delete',
  move: 'file_move',
  copy: 'file_copy',
  print: 'file_print',
  rename: 'file_modify',
};

const SHARE_EVENTS = new Set([
  'change_user_access',
  'change_document_visibility',
  'change_document_access_scope',
]);

const loginActivities: Record<string, Activity> = {
  login_success: 'login',
  login_failure: 'login_failed',
  login_challenge: 'mfa_verify',
  logout: 'logout',
  suspicious_login: 'login',
  suspicious_login_less_secure_app: 'login',
  suspicious_programmatic_login: 'login',
  '2sv_disable': 'mfa_disable',
  password_edit: 'password_change',
};

const adminActivities: Record<string, Activity> = {
  CREATE_USER: 'account_created',
  GRANT_ADMIN_PRIVILEGE: 'admin_granted',
  ASSIGN_ROLE: 'admin_granted',
  ADD_GROUP_MEMBER: 'role_granted',
  CHANGE_PASSWORD: 'password_reset',
  TURN_OFF_2_STEP_VERIFICATION: 'mfa_disable',
};

/** OCSF File Hosting Activity "Rename" (6006/5), which has no normalized verb of its own. */
const RENAME: ActivityClass = {
  category: 'file',
  classUid: EventClass.fileHostingActivity,
  activityId: 5,
};

/** Topic of events we keep as `other`, by Google application. */
const otherCategory: Record<string, ActivityClass['category']> = {
  login: 'auth',
  drive: 'file',
  admin: 'account',
  user_accounts: 'account',
  gmail: 'email',
  chat: 'chat',
};

/** The part of a normalized event decided by one Google event. */
export type GoogleEventFacts = Pick<
  EventDraft,
  'activity' | 'outcome' | 'file' | 'target' | 'app' | 'classification'
>;

/** Maps one event of an activity to its normalized facts. */
export function googleEventFacts(
  application: string,
  name: string,
  parameters: GoogleParameters,
  options: ParserOptions,
): GoogleEventFacts {
  if (application === 'drive') return driveFacts(name, parameters, options);
  if (application === 'login') return loginFacts(name);
  if (application === 'saml') {
    const app = text(parameters.get('application_name'));
    if (name === 'login_success') return { activity: 'app_access', outcome: 'success', app };
    if (name === 'login_failure') return { activity: 'app_access', outcome: 'failure', app };
  }
  if (application === 'admin') {
    const activity = lookup(adminActivities, name);
    const target = text(parameters.get('USER_EMAIL')) ?? text(parameters.get('GROUP_EMAIL'));
    if (activity) return { activity, outcome: 'success', app: 'Google Admin', target };
  }
  return other(application);
}

function other(application: string): GoogleEventFacts {
  const category = lookup(otherCategory, application);
  return {
    activity: 'other',
    outcome: 'unknown',
    app: appName(application),
    classification: category
      ? { category, classUid: EventClass.apiActivity, activityId: 99 }
      : undefined,
  };
}

/** A readable application name for `app`. */
export function appName(application: string): string {
  if (application === 'drive') return 'Google Drive';
  if (application === 'gmail') return 'Gmail';
  if (application === 'admin') return 'Google Admin';
  return 'Google Workspace';
}

function loginFacts(name: string): GoogleEventFacts {
  const activity = lookup(loginActivities, name);
  if (activity === undefined) return other('login');
  const outcome: Outcome =
    name === 'login_success' ? 'success' : name === 'login_failure' ? 'failure' : 'unknown';
  return { activity, outcome, app: 'Google Workspace' };
}

function driveFacts(
  name: string,
  parameters: GoogleParameters,
  options: ParserOptions,
): GoogleEventFacts {
  const file = {
    id: text(parameters.get('doc_id')),
    name: text(parameters.get('doc_title')),
    label: text(parameters.get('label')) ?? text(parameters.get('classification')),
  };
  if (SHARE_EVENTS.has(name)) return shareFacts(parameters, file, options);
  const activity = lookup(driveActivities, name);
  if (activity === undefined) return { ...other('drive'), file };
  return {
    activity,
    outcome: 'success',
    app: 'Google Drive',
    file,
    classification: name === 'rename' ? RENAME : undefined,
  };
}

function shareFacts(
  parameters: GoogleParameters,
  file: { id: string | null; name: string | null; label: string | null },
  options: ParserOptions,
): GoogleEventFacts {
  const targetUser = normalizeEmail(parameters.get('target_user'));
  const targetDomain = text(parameters.get('target_domain'))?.toLowerCase() ?? null;
  const newValues = list(parameters.get('new_value')).map((value) => text(value)?.toLowerCase());
  const visibility = text(parameters.get('visibility'))?.toLowerCase() ?? '';
  const byLink =
    LINK_VISIBILITIES.has(visibility) ||
    newValues.some((value) => value !== undefined && LINK_VISIBILITIES.has(value));
  const opened =
    byLink ||
    visibility === 'shared_externally' ||
    text(parameters.get('visibility_change'))?.toLowerCase() === 'external';
  const toOutsider =
    (targetUser !== null && isExternalAddress(targetUser, options)) ||
    (targetDomain !== null &&
      options.companyDomains.length > 0 &&
      targetDomain !== 'all' &&
      !domainIn(targetDomain, options.companyDomains));
  const external = opened || toOutsider;
  const destination = !external
    ? null
    : targetUser !== null && isPersonalAddress(targetUser, options)
      ? 'personal_email'
      : byLink
        ? 'public_link'
        : 'external_share';
  return {
    activity: external ? 'file_share_external' : 'file_share',
    outcome: 'success',
    app: 'Google Drive',
    file: { ...file, destination },
    target: targetUser ?? targetDomain,
  };
}
