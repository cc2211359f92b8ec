import type { LogsourceMapping } from './logsource-types';
import {
  actionStartsWith,
  ANY_USER,
  REGISTRY_FIELDS,
  WINDOWS_COMMON,
  WINDOWS_PERSON,
} from './windows-fields';

/*
 * Sysmon log sources whose events are mostly generic ones (activity `other`, action "Sysmon 7
 * image load", EventData fields kept in the attribute bag under their own names, the object in
 * `target` and the acting program in `process_name`; see windows-generic.ts), beside the few
 * the parser normalizes (Sysmon 10 on LSASS, 13 on autorun keys).
 */

/** The Sysmon log sources of generic events, in the order the README lists them. */
export const SYSMON_LOGSOURCES: readonly LogsourceMapping[] = [
  {
    name: 'windows / image_load',
    selectors: [{ product: 'windows', category: 'image_load' }],
    source: 'windows',
    activities: ['other'], // Sysmon 7, kept generic
    scope: [actionStartsWith('Sysmon 7 ')],
    fields: {
      ...WINDOWS_COMMON,
      Image: 'process_name',
      ImageLoaded: 'target',
      OriginalFileName: 'attributes.OriginalFileName',
      Signed: 'attributes.Signed', // 'true' or 'false', as text
      Signature: 'attributes.Signature',
      SignatureStatus: 'attributes.SignatureStatus',
      Hashes: 'attributes.Hashes',
      User: ANY_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / driver_load',
    selectors: [{ product: 'windows', category: 'driver_load' }],
    source: 'windows',
    activities: ['other'], // Sysmon 6, kept generic
    scope: [actionStartsWith('Sysmon 6 ')],
    fields: {
      ...WINDOWS_COMMON,
      ImageLoaded: 'target',
      Signed: 'attributes.Signed',
      Signature: 'attributes.Signature',
      SignatureStatus: 'attributes.SignatureStatus',
      Hashes: 'attributes.Hashes',
    },
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / create_remote_thread',
    selectors: [{ product: 'windows', category: 'create_remote_thread' }],
    source: 'windows',
    activities: ['other'], // Sysmon 8, kept generic
    scope: [actionStartsWith('Sysmon 8 ')],
    fields: {
      ...WINDOWS_COMMON,
      SourceImage: 'process_name',
      TargetImage: 'target',
      StartModule: 'attributes.StartModule',
      StartFunction: 'attributes.StartFunction',
      User: ANY_USER,
    },
    person: [...WINDOWS_PERSON, 'SourceUser'],
  },
  {
    name: 'windows / pipe_created',
    selectors: [{ product: 'windows', category: 'pipe_created' }],
    source: 'windows',
    activities: ['other'], // Sysmon 17 and 18, kept generic
    scope: [actionStartsWith('Sysmon 17 ', 'Sysmon 18 ')],
    fields: {
      ...WINDOWS_COMMON,
      PipeName: 'target',
      Image: 'process_name',
      EventType: 'attributes.EventType',
      User: ANY_USER,
    },
    person: WINDOWS_PERSON,
  },
  {
    // Sysmon 13 on autorun keys (Run, RunOnce, Winlogon, IFEO...) is normalized (persistence);
    // elsewhere, and Sysmon 12 and 14, it is kept generic.
    name: 'windows / registry_set',
    selectors: [{ product: 'windows', category: 'registry_set' }],
    source: 'windows',
    activities: ['persistence', 'other'],
    scope: [actionStartsWith('13 ', 'Sysmon 13 ')],
    fields: REGISTRY_FIELDS,
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / registry_event',
    selectors: [{ product: 'windows', category: 'registry_event' }],
    source: 'windows',
    activities: ['persistence', 'other'],
    scope: [actionStartsWith('13 ', 'Sysmon 12 ', 'Sysmon 13 ', 'Sysmon 14 ')],
    fields: REGISTRY_FIELDS,
    person: WINDOWS_PERSON,
  },
  {
    name: 'windows / registry_add and registry_delete',
    selectors: [
      { product: 'windows', category: 'registry_add' },
      { product: 'windows', category: 'registry_delete' },
    ],
    source: 'windows',
    activities: ['other'],
    scope: [actionStartsWith('Sysmon 12 ')],
    fields: REGISTRY_FIELDS,
    person: WINDOWS_PERSON,
  },
  {
    // Sysmon 10 on LSASS is normalized (credential_access); on any other process, generic.
    name: 'windows / process_access',
    selectors: [{ product: 'windows', category: 'process_access' }],
    source: 'windows',
    activities: ['credential_access', 'other'],
    scope: [actionStartsWith('10 ', 'Sysmon 10 ')],
    fields: {
      ...WINDOWS_COMMON,
      SourceImage: { anyOf: ['attributes.sourceImage', 'attributes.SourceImage'] },
      TargetImage: { anyOf: ['attributes.targetImage', 'attributes.TargetImage'] },
      GrantedAccess: { anyOf: ['attributes.grantedAccess', 'attributes.GrantedAccess'] },
      CallTrace: { anyOf: ['attributes.callTrace', 'attributes.CallTrace'] },
      SourceUser: ANY_USER,
    },
    person: [...WINDOWS_PERSON, 'SourceUser'],
  },
  {
    // Every Sysmon event: the rule's EventID picks the kind. Fields as each kind keeps them.
    name: 'windows / sysmon',
    selectors: [{ product: 'windows', service: 'sysmon' }],
    source: 'windows',
    activities: [
      'process_start',
      'app_install',
      'network_connect',
      'credential_access',
      'file_create',
      'usb_write',
      'persistence',
      'dns_query',
      'file_delete',
      'other',
    ],
    fields: {
      ...WINDOWS_COMMON,
      Image: { anyOf: ['process_name', 'attributes.image'] },
      CommandLine: 'command_line',
      ParentImage: 'parent_process',
      TargetFilename: 'file_path',
      TargetObject: 'target',
      ImageLoaded: 'target',
      PipeName: 'target',
      QueryName: 'target',
      Details: { anyOf: ['command_line', 'attributes.Details'] },
      SourceImage: { anyOf: ['attributes.sourceImage', 'attributes.SourceImage'] },
      TargetImage: { anyOf: ['attributes.targetImage', 'attributes.TargetImage'] },
      GrantedAccess: { anyOf: ['attributes.grantedAccess', 'attributes.GrantedAccess'] },
      DestinationIp: 'ip',
      DestinationPort: { anyOf: ['attributes.destinationPort', 'attributes.DestinationPort'] },
      Signed: 'attributes.Signed',
      Hashes: { anyOf: ['attributes.hashes', 'attributes.Hashes'] },
      User: ANY_USER,
    },
    person: WINDOWS_PERSON,
  },
];
