import type { LogsourceMapping } from './logsource-types';
import { SYSMON_LOGSOURCES } from './sysmon-logsources';
import {
  actionStartsWith,
  SECURITY_EVENT_IDS,
  SYSMON_USER,
  WINDOWS_COMMON,
  WINDOWS_PERSON,
} from './windows-fields';

/*
 * The Windows log sources: one line per Sigma field, naming where the Windows parser
 * (src/server/ingest/parsers/windows*.ts) keeps it. Normalized events (the kinds findings read)
 * and generic ones (every other kind, activity `other`, action "Sysmon 7 image load", fields in
 * the attribute bag under their own names; see windows-generic.ts) are both reached.
 */

/** The Windows log sources, in the order the README lists them. */
export const WINDOWS_LOGSOURCES: readonly LogsourceMapping[] = [
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
  ...SYSMON_LOGSOURCES,
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
      'other', // every other Security event, kept generic ("Security 4656 handle...")
    ],
    scope: [actionStartsWith(...SECURITY_EVENT_IDS.map((id) => `${id} `), 'Security ')],
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
      ObjectName: { anyOf: ['file_path', 'attributes.ObjectName'] }, // files, or generic objects
      ObjectType: 'attributes.ObjectType', // generic 4656, 4658, 4663 on registry keys...
      ObjectServer: 'attributes.ObjectServer',
      HandleId: 'attributes.HandleId',
      AccessMask: { anyOf: ['attributes.accessMask', 'attributes.AccessMask'] },
      AccessList: { anyOf: ['attributes.accessList', 'attributes.AccessList'] },
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
];

export { SECURITY_EVENT_IDS };
