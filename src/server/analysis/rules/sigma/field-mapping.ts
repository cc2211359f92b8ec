import type { Activity, EventSource } from '../../../../shared/events';
import type { Filter } from '../filter-types';

/*
 * Which Sigma log sources Vigil reads, and where each Sigma field of a log source lands in the
 * normalized event (src/shared/events.ts, filled by src/server/ingest/parsers/). Written as a
 * table on purpose: a reviewer checks one line per field against the parser. A field that is
 * not here has no home in Vigil, and a rule naming it is refused. README.md ("Sigma rules")
 * has the same tables in prose.
 */

/**
 * Where a Sigma field's value is in Vigil:
 * - a rule field (`process_name`, `attributes.originalFileName`, see ../fields.ts);
 * - `{ eventIdPrefix: true }`: Windows `EventID`, which the parser writes at the start of
 *   `action` ("4720 UserAccountCreated", "1 ProcessCreate");
 * - `{ constant: [...] }`: a field whose only possible values the log source already implies
 *   (Google's `eventService: admin.googleapis.com` under `service: admin`); other values never
 *   match.
 */
export type FieldTarget = string | { eventIdPrefix: true } | { constant: readonly string[] };

/** The logsource keys of a Sigma rule. */
export interface LogsourceKeys {
  product?: string;
  category?: string;
  service?: string;
}

/** One Sigma log source as Vigil reads it. */
export interface LogsourceMapping {
  /** How messages name it: "windows / process_creation". */
  name: string;
  /** The logsource keys that select it (any of them). */
  selectors: readonly LogsourceKeys[];
  /** The parser whose events it covers. */
  source: EventSource;
  /** The normalized activities those events can have; a rule's match pins them. */
  activities: readonly Activity[];
  /** What else every event of the log source satisfies (e.g. the 4104 action). */
  scope?: readonly Filter[];
  /** Sigma field (any case) -> where Vigil keeps it. */
  fields: Readonly<Record<string, FieldTarget>>;
  /** Fields that name the person who acted: the only ones a correlation may group by. */
  person: readonly string[];
  /** Where a keyword search (a list of bare values) looks, when one field holds the whole message. */
  keywords?: string;
}

const EVENT_ID: FieldTarget = { eventIdPrefix: true };

/** Fields every Windows event has. */
const WINDOWS_COMMON: Record<string, FieldTarget> = {
  EventID: EVENT_ID,
  Computer: 'device_name',
  ComputerName: 'device_name',
};

/** The Sysmon `User` (DOMAIN\user), which the parser keeps beside the resolved actor. */
const SYSMON_USER = 'attributes.user';

/** The Windows accounts that name the person: Vigil's actor is the logon's target account, the subject otherwise. */
const WINDOWS_PERSON = ['User', 'SubjectUserName', 'TargetUserName'];

/** Security log events the Windows parser reads (windows-security.ts), as `action` prefixes. */
export const SECURITY_EVENT_IDS = [
  1102, 4624, 4625, 4647, 4660, 4663, 4688, 4698, 4720, 4722, 4728, 4732, 4756,
] as const;

const actionStartsWith = (...prefixes: string[]): Filter => ({
  field: 'action',
  startsWithAny: prefixes,
});

/** Every log source Vigil accepts, in the order the README lists them. */
export const LOGSOURCES: readonly LogsourceMapping[] = [
  {
    name: 'windows / process_creation',
    selectors: [{ product: 'windows', category: 'process_creation' }],
    source: 'windows',
    activities: ['process_start', 'app_install'],
    fields: {
      ...WINDOWS_COMMON,
      Image: 'process_name', // full path, Sysmon 1 Image or 4688 NewProcessName
      CommandLine: 'command_line',
      ParentImage: 'parent_process', // full path
      OriginalFileName: 'attributes.originalFileName',
      ParentCommandLine: 'attributes.parentCommandLine',
      CurrentDirectory: 'attributes.currentDirectory',
      IntegrityLevel: 'attributes.integrityLevel',
      ProcessGuid: 'attributes.processGuid',
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / ps_script',
    selectors: [{ product: 'windows', category: 'ps_script' }],
    source: 'windows',
    activities: ['script_exec'],
    scope: [{ field: 'action', eq: '4104 ScriptBlock' }],
    fields: {
      ...WINDOWS_COMMON,
      ScriptBlockText: 'command_line', // the joined parts of the block
      Path: 'file_path',
      ScriptBlockId: 'attributes.scriptBlockId',
    },
    person: WINDOWS_PERSON,
    keywords: 'command_line',
  },
  {
    name: 'windows / ps_module',
    selectors: [{ product: 'windows', category: 'ps_module' }],
    source: 'windows',
    activities: ['script_exec'],
    scope: [{ field: 'action', eq: '4103 ModuleLogging' }],
    fields: {
      ...WINDOWS_COMMON,
      Payload: 'command_line',
      ContextInfo: 'attributes.contextInfo',
    },
    person: WINDOWS_PERSON,
    keywords: 'command_line',
  },
  {
    name: 'windows / powershell',
    selectors: [{ product: 'windows', service: 'powershell' }],
    source: 'windows',
    activities: ['script_exec'],
    fields: {
      ...WINDOWS_COMMON,
      ScriptBlockText: 'command_line',
      Payload: 'command_line',
      Path: 'file_path',
      ContextInfo: 'attributes.contextInfo',
    },
    person: WINDOWS_PERSON,
    keywords: 'command_line',
  },
  {
    name: 'windows / file_event',
    selectors: [{ product: 'windows', category: 'file_event' }],
    source: 'windows',
    activities: ['file_create', 'usb_write'],
    scope: [actionStartsWith('11 ')],
    fields: {
      ...WINDOWS_COMMON,
      TargetFilename: 'file_path',
      Image: 'process_name',
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / file_delete',
    selectors: [{ product: 'windows', category: 'file_delete' }],
    source: 'windows',
    activities: ['file_delete'], // Sysmon 23 and 26, and audited deletions (4660, 4663)
    fields: {
      ...WINDOWS_COMMON,
      TargetFilename: 'file_path',
      Image: 'process_name',
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / file_delete_detected',
    selectors: [{ product: 'windows', category: 'file_delete_detected' }],
    source: 'windows',
    activities: ['file_delete'],
    scope: [actionStartsWith('26 ')],
    fields: {
      ...WINDOWS_COMMON,
      TargetFilename: 'file_path',
      Image: 'process_name',
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / network_connection',
    selectors: [{ product: 'windows', category: 'network_connection' }],
    source: 'windows',
    activities: ['network_connect'],
    fields: {
      ...WINDOWS_COMMON,
      DestinationIp: 'ip',
      DestinationPort: 'attributes.destinationPort',
      DestinationHostname: 'attributes.destinationHostname',
      SourceIp: 'attributes.sourceIp',
      Image: 'attributes.image',
      Protocol: 'attributes.protocol',
      Initiated: 'attributes.initiated', // 'true' or 'false', as text
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / dns_query',
    selectors: [{ product: 'windows', category: 'dns_query' }],
    source: 'windows',
    activities: ['dns_query'],
    fields: {
      ...WINDOWS_COMMON,
      QueryName: 'target',
      QueryStatus: 'attributes.queryStatus',
      QueryResults: 'attributes.queryResults',
      Image: 'attributes.image',
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    // The parser keeps Sysmon 13 on autorun keys only (Run, RunOnce, Winlogon, IFEO...).
    name: 'windows / registry_set',
    selectors: [
      { product: 'windows', category: 'registry_set' },
      { product: 'windows', category: 'registry_event' },
    ],
    source: 'windows',
    activities: ['persistence'],
    scope: [actionStartsWith('13 ')],
    fields: {
      ...WINDOWS_COMMON,
      TargetObject: 'target',
      Details: 'command_line',
      Image: 'attributes.image',
      User: SYSMON_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    // The parser keeps Sysmon 10 on LSASS only.
    name: 'windows / process_access',
    selectors: [{ product: 'windows', category: 'process_access' }],
    source: 'windows',
    activities: ['credential_access'],
    fields: {
      ...WINDOWS_COMMON,
      SourceImage: 'attributes.sourceImage',
      TargetImage: 'attributes.targetImage',
      GrantedAccess: 'attributes.grantedAccess',
      CallTrace: 'attributes.callTrace',
      SourceUser: SYSMON_USER,
    },
    person: [...WINDOWS_PERSON, 'SourceUser'],
  },
  {
    name: 'windows / security',
    selectors: [{ product: 'windows', service: 'security' }],
    source: 'windows',
    activities: [
      'login',
      'login_failed',
      'logout',
      'file_view',
      'file_modify',
      'file_delete',
      'usb_write',
      'process_start',
      'app_install',
      'persistence',
      'account_created',
      'account_changed',
      'admin_granted',
      'role_granted',
      'log_clear',
    ],
    scope: [actionStartsWith(...SECURITY_EVENT_IDS.map((id) => `${id} `))],
    fields: {
      ...WINDOWS_COMMON,
      IpAddress: 'ip', // 4624, 4625
      IpPort: 'attributes.sourcePort',
      WorkstationName: 'attributes.sourceWorkstation',
      LogonType: 'attributes.logonType',
      LogonProcessName: 'attributes.logonProcess',
      AuthenticationPackageName: 'attributes.authenticationPackage',
      Status: 'attributes.status',
      SubStatus: 'attributes.subStatus',
      FailureReason: 'attributes.failureReason',
      ObjectName: 'file_path', // 4663, 4660
      AccessMask: 'attributes.accessMask',
      AccessList: 'attributes.accessList',
      ProcessName: 'process_name',
      NewProcessName: 'process_name', // 4688
      CommandLine: 'command_line',
      ParentProcessName: 'parent_process',
      TaskName: 'target', // 4698
      MemberName: 'attributes.member', // 4728, 4732, 4756
      MemberSid: 'attributes.memberSid',
      TargetSid: 'attributes.targetSid', // 4720, 4722
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / system',
    selectors: [{ product: 'windows', service: 'system' }],
    source: 'windows',
    activities: ['log_clear'],
    scope: [{ field: 'action', eq: '104 LogCleared' }],
    fields: { ...WINDOWS_COMMON },
    person: WINDOWS_PERSON,
  },
  {
    name: 'okta',
    selectors: [{ product: 'okta', service: 'okta' }, { product: 'okta' }],
    source: 'okta',
    activities: [
      'login',
      'login_failed',
      'logout',
      'app_access',
      'mfa_verify',
      'mfa_disable',
      'mfa_bypass',
      'password_reset',
      'password_change',
      'admin_granted',
      'role_granted',
      'account_created',
      'account_changed',
      'other',
    ],
    fields: {
      eventType: 'action',
      displayMessage: 'attributes.displayMessage',
      'outcome.result': 'attributes.outcomeResult', // upper case: SUCCESS, FAILURE, DENY...
      'outcome.reason': 'attributes.outcomeReason',
      severity: 'attributes.severity',
      'actor.alternateId': 'actor_email',
      'client.ipAddress': 'ip',
      'client.userAgent.rawUserAgent': 'attributes.userAgent',
      'authenticationContext.externalSessionId': 'attributes.externalSessionId',
    },
    person: ['actor.alternateId', 'actor.id', 'actor.displayName'],
  },
  {
    name: 'm365',
    selectors: ['audit', 'exchange', 'threat_management', 'threat_detection'].map((service) => ({
      product: 'm365',
      service,
    })),
    source: 'm365',
    activities: [
      'file_view',
      'file_download',
      'file_upload',
      'file_modify',
      'file_delete',
      'file_copy',
      'file_move',
      'file_sync',
      'file_share',
      'file_share_external',
      'email_send',
      'email_delete',
      'email_read',
      'email_forward_rule',
      'login',
      'login_failed',
      'admin_granted',
      'role_granted',
      'account_created',
      'account_changed',
      'password_reset',
      'password_change',
      'mfa_disable',
      'other',
    ],
    fields: {
      Operation: 'action',
      eventName: 'action', // the name SigmaHQ's exchange and threat_management rules use
      Workload: 'attributes.workload',
      eventSource: 'attributes.workload',
      ResultStatus: 'attributes.resultStatus',
      status: 'attributes.resultStatus',
      UserId: 'actor_email',
      ClientIP: 'ip',
      ObjectId: 'attributes.objectId',
      RecordType: 'attributes.recordType',
      SourceFileName: 'file_name',
      FileSizeBytes: 'file_size',
      SiteUrl: 'attributes.siteUrl',
      UserAgent: 'attributes.userAgent',
      TargetUserOrGroupName: 'target', // sharing operations
    },
    person: ['UserId', 'UserKey'],
  },
  {
    name: 'google_workspace / admin',
    selectors: [
      { product: 'google_workspace', service: 'admin' },
      { product: 'gcp', service: 'google_workspace.admin' },
    ],
    source: 'google_workspace',
    activities: [
      'account_created',
      'admin_granted',
      'role_granted',
      'password_reset',
      'mfa_disable',
      'other',
    ],
    scope: [{ field: 'attributes.applicationName', eq: 'admin' }],
    fields: {
      eventService: { constant: ['admin.googleapis.com'] },
      eventName: 'action',
      eventType: 'attributes.eventType',
      'actor.email': 'actor_email',
      ipAddress: 'ip',
    },
    person: ['actor.email', 'actor.profileId'],
  },
  {
    name: 'google_workspace / login',
    selectors: [
      { product: 'google_workspace', service: 'login' },
      { product: 'gcp', service: 'google_workspace.login' },
    ],
    source: 'google_workspace',
    activities: [
      'login',
      'login_failed',
      'logout',
      'mfa_verify',
      'mfa_disable',
      'password_change',
      'other',
    ],
    scope: [{ field: 'attributes.applicationName', eq: 'login' }],
    fields: {
      eventService: { constant: ['login.googleapis.com'] },
      eventName: 'action',
      eventType: 'attributes.eventType',
      'actor.email': 'actor_email',
      ipAddress: 'ip',
    },
    person: ['actor.email', 'actor.profileId'],
  },
  {
    name: 'github / audit',
    selectors: [{ product: 'github', service: 'audit' }, { product: 'github' }],
    source: 'github',
    activities: [
      'repo_clone',
      'repo_fetch',
      'repo_push',
      'repo_download',
      'repo_access',
      'repo_create',
      'role_granted',
      'admin_granted',
      'other',
    ],
    fields: {
      action: 'action',
      actor: 'attributes.actor', // the GitHub login
      repo: 'repository',
      repository: 'repository',
      org: 'attributes.org',
      actor_ip: 'ip',
      visibility: 'attributes.visibility', // repo.access: public, private, internal
      transport_protocol_name: 'attributes.transportProtocol',
      programmatic_access_type: 'attributes.programmaticAccessType',
      user_agent: 'attributes.userAgent',
      permission: 'attributes.permission',
    },
    person: ['actor', 'actor_id'],
  },
];

/** Group-by names that mean "the person" whatever the log source. */
export const GENERIC_PERSON_FIELDS = ['User', 'user'] as const;
