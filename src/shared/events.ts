import { z } from 'zod';

/**
 * The normalized activity event every parser produces and every detector reads.
 * Modelled on OCSF: `classUid`/`activityId` follow OCSF numbering where a class exists,
 * `category` is our coarse topic used by detectors, `action` keeps the source's own verb.
 * Flat, filterable fields are real columns in the events table; `raw` keeps the source record.
 */

/** OCSF class uids used by Vigil. */
export const EventClass = {
  fileSystemActivity: 1001,
  processActivity: 1007,
  accountChange: 3001,
  authentication: 3002,
  groupManagement: 3006,
  emailActivity: 4009,
  webResourcesActivity: 6001,
  apiActivity: 6003,
  fileHostingActivity: 6006,
  /** Not in OCSF: HR lifecycle records (hire, resignation, departure). */
  hrActivity: 9001,
  /** Not in OCSF: access requests from ticketing systems. */
  accessRequest: 9002,
  /** Not in OCSF: device inventory observations. */
  deviceInventory: 9003,
  /** Not in OCSF: chat messages and file shares. */
  chatActivity: 9004,
  /** Not in OCSF: source code repository activity. */
  repositoryActivity: 9005,
} as const;

/** Coarse topic of an event; detectors select on it. */
export const eventCategories = [
  'auth',
  'file',
  'email',
  'chat',
  'repo',
  'device',
  'process',
  'script',
  'access_request',
  'account',
  'hr',
  'app',
  /** Generic events: records of a kind no finding reads, kept whole (e.g. Sysmon 7 image loads). */
  'other',
] as const;
export type EventCategory = (typeof eventCategories)[number];

/** The sources Vigil has a parser for. */
export const eventSources = [
  'okta',
  'google_workspace',
  'm365',
  'github',
  'slack',
  'windows',
  'device_inventory',
  'access_requests',
  'hr',
  'box',
  'dropbox',
  'normalized',
] as const;
export type EventSource = (typeof eventSources)[number];

export const outcomes = ['success', 'failure', 'unknown'] as const;
export type Outcome = (typeof outcomes)[number];

/**
 * Normalized verbs shared by all sources, so detectors never match source-specific strings.
 * A parser maps each native verb to one of these (and keeps the native one in `action`).
 */
export const activities = [
  // auth
  'login',
  'login_failed',
  'logout',
  'mfa_verify',
  'mfa_disable',
  'mfa_bypass',
  'password_reset',
  'password_change',
  // account / privileges
  'admin_granted',
  'role_granted',
  'account_created',
  'account_changed',
  // file
  'file_view',
  'file_download',
  'file_upload',
  'file_modify',
  'file_delete',
  'file_copy',
  'file_move',
  'file_share',
  'file_share_external',
  'file_sync',
  'file_create',
  'file_print',
  // email
  'email_send',
  'email_delete',
  'email_forward_rule',
  'email_read',
  // chat
  'chat_message',
  'chat_file_share',
  'chat_file_download',
  'chat_delete',
  // repo
  'repo_clone',
  'repo_fetch',
  'repo_push',
  'repo_download',
  'repo_access',
  'repo_create',
  // device and process
  'device_seen',
  'usb_write',
  'process_start',
  'app_install',
  'script_exec',
  'security_tool_tamper',
  'log_clear',
  // endpoint telemetry (Sysmon, Security log)
  'network_connect',
  'dns_query',
  'credential_access',
  'persistence',
  // access requests
  'access_request',
  // hr
  'hr_hire',
  'hr_resignation',
  'hr_departure',
  'hr_change',
  // app access (SSO into an application)
  'app_access',
  'other',
] as const;
export type Activity = (typeof activities)[number];

const text = (max: number) => z.string().max(max);

/** One normalized event, as produced by a parser (before the employee is resolved). */
export const normalizedEventSchema = z.object({
  source: z.enum(eventSources),
  /** Unique within the source; re-ingesting the same record is a no-op. */
  sourceEventId: text(256).min(1),
  /** Epoch milliseconds, UTC. */
  time: z.number().int(),
  classUid: z.number().int(),
  activityId: z.number().int(),
  category: z.enum(eventCategories),
  activity: z.enum(activities),
  /** The source's own verb, e.g. `FileDownloaded`, `git.clone`, `user.session.start`. */
  action: text(200),
  outcome: z.enum(outcomes),
  /** Email of the person who did it; identities are joined across sources by email. */
  actorEmail: text(320).nullable(),
  /** Source-native actor id when there is no email (SID, Slack id); kept for provenance. */
  actorId: text(256).nullable(),
  /** Application or service the event happened in (Salesforce, Google Drive, GitHub...). */
  app: text(200).nullable(),
  ip: text(64).nullable(),
  location: text(200).nullable(),
  file: z
    .object({
      id: text(1024).nullable(),
      name: text(1024).nullable(),
      path: text(4096).nullable(),
      size: z.number().int().nonnegative().nullable(),
      label: text(100).nullable(),
      /** Where the file went: usb, personal_email, cloud, external_share, ... */
      destination: text(200).nullable(),
    })
    .nullable(),
  email: z
    .object({
      recipients: z.array(text(320)).max(1000),
      external: z.boolean(),
      domains: z.array(text(255)).max(1000),
      subject: text(1000).nullable(),
      attachments: z.number().int().nonnegative(),
      size: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
  chat: z
    .object({
      channel: text(256).nullable(),
      external: z.boolean(),
      directMessage: z.boolean(),
      text: text(10000).nullable(),
    })
    .nullable(),
  repository: text(512).nullable(),
  device: z
    .object({
      id: text(256).nullable(),
      name: text(256).nullable(),
      managed: z.boolean().nullable(),
      os: text(100).nullable(),
      removableMedia: z.boolean(),
    })
    .nullable(),
  process: z
    .object({
      name: text(1024).nullable(),
      commandLine: text(100000).nullable(),
      parentName: text(1024).nullable(),
    })
    .nullable(),
  /** Free-form target: the resource of an access request, the user whose MFA was reset... */
  target: text(1024).nullable(),
  /** Extra normalized attributes a detector needs (approver, justification, script block id...). */
  attributes: z.record(z.string(), z.unknown()),
  /** The source record as received. */
  raw: z.unknown(),
});
export type NormalizedEvent = z.infer<typeof normalizedEventSchema>;

/** An employee as described by HR and identity records. */
export const employeeRecordSchema = z.object({
  id: text(64).min(1),
  fullName: text(200).min(1),
  email: text(320).min(3),
  department: text(200).nullable(),
  title: text(200).nullable(),
  managerId: text(64).nullable(),
  location: text(200).nullable(),
  timezone: text(64).nullable(),
  /** Declared working hours in local time, e.g. 9 and 17. */
  workStartHour: z.number().int().min(0).max(23).nullable(),
  workEndHour: z.number().int().min(1).max(24).nullable(),
  startDate: text(10).nullable(),
  resignationDate: text(10).nullable(),
  departureDate: text(10).nullable(),
  /** Other emails and account names (Windows `CORP\\jdoe`, GitHub, Slack) the person acts under. */
  aliases: z.array(text(320)).max(100).optional(),
});
export type EmployeeRecord = z.infer<typeof employeeRecordSchema>;
