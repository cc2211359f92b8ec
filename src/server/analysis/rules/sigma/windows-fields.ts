import type { Filter } from '../filter-types';
import type { FieldTarget } from './logsource-types';

/* Field targets the Windows and Sysmon log source tables share. */

export const EVENT_ID: FieldTarget = { eventIdPrefix: true };

/** Fields every Windows event has. */
export const WINDOWS_COMMON: Record<string, FieldTarget> = {
  EventID: EVENT_ID,
  Computer: 'device_name',
  ComputerName: 'device_name',
};

/** The Sysmon `User` (DOMAIN\user), which the parser keeps beside the resolved actor. */
export const SYSMON_USER = 'attributes.user';

/** The Windows accounts that name the person: Vigil's actor is the logon's target account, the subject otherwise. */
export const WINDOWS_PERSON = ['User', 'SubjectUserName', 'TargetUserName'];

/** Security log events the Windows parser reads (windows-security.ts), as `action` prefixes. */
export const SECURITY_EVENT_IDS = [
  1102, 4624, 4625, 4647, 4660, 4663, 4688, 4698, 4720, 4722, 4728, 4732, 4756,
] as const;

/** The Sysmon `User`: `attributes.user` on normalized events, `attributes.User` on generic ones. */
export const ANY_USER: FieldTarget = { anyOf: [SYSMON_USER, 'attributes.User'] };

/** Sysmon 12, 13 and 14: the key is the target; the value is `command_line` on autorun keys. */
export const REGISTRY_FIELDS: Record<string, FieldTarget> = {
  ...WINDOWS_COMMON,
  TargetObject: 'target',
  Details: { anyOf: ['command_line', 'attributes.Details'] },
  EventType: 'attributes.EventType',
  Image: { anyOf: ['attributes.image', 'process_name'] },
  User: ANY_USER,
};

export const actionStartsWith = (...prefixes: string[]): Filter => ({
  field: 'action',
  startsWithAny: prefixes,
});
