import type { Activity, EventCategory } from '../../../shared/events';
import { EventClass } from '../../../shared/events';

/** Where an activity sits: our topic and its OCSF class and activity id. */
export interface ActivityClass {
  category: EventCategory;
  classUid: number;
  activityId: number;
}

/** OCSF's activity id for "Other" in every class. */
const OTHER = 99;

/**
 * OCSF Event Log Activity (1008, activity 1 = Clear). Not listed in the shared EventClass yet;
 * the number is OCSF's, so stored events stay comparable with other OCSF data.
 */
const EVENT_LOG_ACTIVITY = 1008;

/** OCSF System classes not in the shared EventClass list: Scheduled Job Activity (1006). */
const SCHEDULED_JOB_ACTIVITY = 1006;
/** OCSF Network classes: Network Activity (4001, 1 = Open) and DNS Activity (4003, 1 = Query). */
const NETWORK_ACTIVITY = 4001;
const DNS_ACTIVITY = 4003;

const c = (category: EventCategory, classUid: number, activityId: number): ActivityClass => ({
  category,
  classUid,
  activityId,
});

/**
 * The default class of each normalized activity. Cloud file activities use File Hosting
 * Activity (6006); files on an endpoint use {@link localFileClass}. Script blocks have no class
 * in the shared list, so they are Process Activity "Other".
 */
export const activityCatalog: Record<Activity, ActivityClass> = {
  login: c('auth', EventClass.authentication, 1),
  login_failed: c('auth', EventClass.authentication, 1),
  logout: c('auth', EventClass.authentication, 2),
  mfa_verify: c('auth', EventClass.authentication, OTHER),
  mfa_disable: c('auth', EventClass.accountChange, 11),
  mfa_bypass: c('auth', EventClass.authentication, OTHER),
  password_reset: c('auth', EventClass.accountChange, 4),
  password_change: c('auth', EventClass.accountChange, 3),
  admin_granted: c('account', EventClass.groupManagement, 1),
  role_granted: c('account', EventClass.groupManagement, 3),
  account_created: c('account', EventClass.accountChange, 1),
  account_changed: c('account', EventClass.accountChange, OTHER),
  file_view: c('file', EventClass.fileHostingActivity, 14),
  file_download: c('file', EventClass.fileHostingActivity, 2),
  file_upload: c('file', EventClass.fileHostingActivity, 1),
  file_modify: c('file', EventClass.fileHostingActivity, 3),
  file_delete: c('file', EventClass.fileHostingActivity, 4),
  file_copy: c('file', EventClass.fileHostingActivity, 6),
  file_move: c('file', EventClass.fileHostingActivity, 7),
  file_share: c('file', EventClass.fileHostingActivity, 12),
  file_share_external: c('file', EventClass.fileHostingActivity, 12),
  file_sync: c('file', EventClass.fileHostingActivity, 15),
  file_create: c('file', EventClass.fileHostingActivity, 1),
  file_print: c('file', EventClass.fileHostingActivity, OTHER),
  email_send: c('email', EventClass.emailActivity, 1),
  email_delete: c('email', EventClass.emailActivity, OTHER),
  email_forward_rule: c('email', EventClass.emailActivity, OTHER),
  email_read: c('email', EventClass.emailActivity, OTHER),
  chat_message: c('chat', EventClass.chatActivity, 1),
  chat_file_share: c('chat', EventClass.chatActivity, 2),
  chat_file_download: c('chat', EventClass.chatActivity, 3),
  chat_delete: c('chat', EventClass.chatActivity, 4),
  repo_clone: c('repo', EventClass.repositoryActivity, 1),
  repo_fetch: c('repo', EventClass.repositoryActivity, 2),
  repo_push: c('repo', EventClass.repositoryActivity, 3),
  repo_download: c('repo', EventClass.repositoryActivity, 4),
  repo_access: c('repo', EventClass.repositoryActivity, 5),
  repo_create: c('repo', EventClass.repositoryActivity, 6),
  device_seen: c('device', EventClass.deviceInventory, 1),
  usb_write: c('file', EventClass.fileSystemActivity, 1),
  process_start: c('process', EventClass.processActivity, 1),
  app_install: c('process', EventClass.processActivity, 1),
  script_exec: c('script', EventClass.processActivity, OTHER),
  security_tool_tamper: c('process', EventClass.processActivity, OTHER),
  log_clear: c('device', EVENT_LOG_ACTIVITY, 1),
  network_connect: c('process', NETWORK_ACTIVITY, 1),
  dns_query: c('process', DNS_ACTIVITY, 1),
  // Process Activity 3 = Open: a handle on another process, e.g. LSASS for its credentials.
  credential_access: c('process', EventClass.processActivity, 3),
  // A scheduled task or an autorun registry value: something that runs again by itself.
  persistence: c('process', SCHEDULED_JOB_ACTIVITY, 1),
  access_request: c('access_request', EventClass.accessRequest, 1),
  hr_hire: c('hr', EventClass.hrActivity, 1),
  hr_resignation: c('hr', EventClass.hrActivity, 2),
  hr_departure: c('hr', EventClass.hrActivity, 3),
  hr_change: c('hr', EventClass.hrActivity, 4),
  app_access: c('app', EventClass.authentication, 1),
  other: c('app', EventClass.apiActivity, OTHER),
};

/**
 * The class of a generic event (a record of a kind no finding reads): OCSF's Base Event (0),
 * activity Other, in the `other` category that no finding counts.
 */
export const genericEventClass: ActivityClass = c('other', 0, OTHER);

/** OCSF File System Activity ids (1001) for files on an endpoint. */
const localFileActivityIds: Partial<Record<Activity, number>> = {
  file_create: 1,
  usb_write: 1,
  file_view: 2,
  file_modify: 3,
  file_delete: 4,
  file_move: 5,
};

/** The class of a file activity seen on an endpoint (Sysmon) rather than in a cloud service. */
export function localFileClass(activity: Activity): ActivityClass {
  return c('file', EventClass.fileSystemActivity, localFileActivityIds[activity] ?? OTHER);
}
