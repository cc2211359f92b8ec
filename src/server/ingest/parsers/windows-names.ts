import type { WindowsEvent } from './windows-record';
import { isPowerShell, isSecurity, isSysmon } from './windows-record';

/** Sysmon's event ids and what each records. */
export const SYSMON_NAMES: Readonly<Record<number, string>> = {
  1: 'process created',
  2: 'file creation time changed',
  3: 'network connection',
  4: 'Sysmon service state changed',
  5: 'process terminated',
  6: 'driver loaded',
  7: 'image load',
  8: 'remote thread created',
  9: 'raw disk read',
  10: 'process access',
  11: 'file created',
  12: 'registry key created or deleted',
  13: 'registry value set',
  14: 'registry key renamed',
  15: 'file stream created',
  16: 'Sysmon configuration changed',
  17: 'pipe created',
  18: 'pipe connected',
  19: 'WMI filter',
  20: 'WMI consumer',
  21: 'WMI consumer bound',
  22: 'DNS query',
  23: 'file deleted',
  24: 'clipboard changed',
  25: 'process tampering',
  26: 'file deletion logged',
  27: 'executable blocked',
  28: 'file shredding blocked',
  29: 'executable detected',
  255: 'Sysmon error',
};

/** Security log events Vigil does not read but people often export, by name. */
const SECURITY_NAMES: Readonly<Record<number, string>> = {
  4608: 'Windows starting up',
  4616: 'system time changed',
  4634: 'logoff',
  4648: 'logon with explicit credentials',
  4656: 'handle to an object requested',
  4657: 'registry value modified',
  4658: 'handle to an object closed',
  4661: 'handle to a directory object requested',
  4672: 'special privileges assigned to a logon',
  4673: 'privileged service called',
  4674: 'operation on a privileged object',
  4689: 'process exited',
  4690: 'handle duplicated',
  4703: 'token rights adjusted',
  4768: 'Kerberos ticket requested',
  4769: 'Kerberos service ticket requested',
  4770: 'Kerberos service ticket renewed',
  4776: 'credentials validated',
  4798: "a user's local groups enumerated",
  4799: 'a local group enumerated',
  5140: 'network share accessed',
  5145: 'network share object checked',
  5156: 'network connection permitted',
  5158: 'port bind permitted',
};

/** "Sysmon 7 image load", "Security 4672 special privileges...", "PowerShell 4105". */
export function eventKind(event: WindowsEvent): string {
  const id = event.eventId;
  if (isSysmon(event)) return `Sysmon ${id}${SYSMON_NAMES[id] ? ` ${SYSMON_NAMES[id]}` : ''}`;
  if (isSecurity(event))
    return `Security ${id}${SECURITY_NAMES[id] ? ` ${SECURITY_NAMES[id]}` : ''}`;
  if (isPowerShell(event)) return `PowerShell ${id}`;
  return `${event.channel ?? event.provider ?? 'Windows event'} ${id}`;
}

/** The skip reason of an event no finding uses: "Sysmon 7 image load: not used by any finding". */
export function unusedReason(event: WindowsEvent, detail = ''): string {
  return `${eventKind(event)}${detail}: not used by any finding`;
}
