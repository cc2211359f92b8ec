import type { Activity } from '../../../shared/events';
import { localFileClass } from './activity-catalog';
import { cleanIp } from './addresses';
import { decodeEncodedCommands } from './encoded-command';
import { integer, text } from './fields';
import { handleKey } from './windows-handles';
import { unusedReason } from './windows-names';
import type { WindowsOutcome, WindowsState } from './windows-outcome';
import type { WindowsEvent } from './windows-record';
import { accountOf, systemAccount } from './windows-record';
import { baseName, isInstaller } from './windows-sysmon';

/** Logon types by number (4624, 4625). */
const LOGON_TYPES: Readonly<Record<number, string>> = {
  2: 'Interactive',
  3: 'Network',
  4: 'Batch',
  5: 'Service',
  7: 'Unlock',
  8: 'NetworkCleartext',
  9: 'NewCredentials',
  10: 'RemoteInteractive',
  11: 'CachedInteractive',
};

/** Built-in accounts and domains that are the machine itself, not a person. */
const MACHINE_DOMAINS = new Set([
  'nt authority',
  'window manager',
  'font driver host',
  'nt service',
]);
const MACHINE_SIDS = new Set(['S-1-5-18', 'S-1-5-19', 'S-1-5-20', 'S-1-5-7', 'S-1-0-0']);

/** Groups whose members administer the machine or the domain. */
const ADMIN_GROUP =
  /^(administrators|domain admins|enterprise admins|schema admins|account operators|server operators|backup operators|dnsadmins|group policy creator owners|hyper-v administrators|remote management users)$/i;

/** The Security log events Vigil reads, each with what it makes of them. */
const HANDLERS: Readonly<
  Record<number, (event: WindowsEvent, state: WindowsState) => WindowsOutcome>
> = {
  4624: (event) => logon(event, true),
  4625: (event) => logon(event, false),
  4647: (event) => ({
    account: accountOf(event, 'TargetUserName', 'TargetDomainName') ?? systemAccount(event),
    facts: { activity: 'logout', outcome: 'success', device: { name: event.computer } },
  }),
  4663: objectAccess,
  4660: objectDeleted,
  4688: processCreated,
  4698: scheduledTask,
  4720: (event) => accountChange(event, 'account_created', 'account created'),
  4722: (event) => accountChange(event, 'account_changed', 'account enabled'),
  4728: groupMember,
  4732: groupMember,
  4756: groupMember,
  1102: (event) => ({
    account: systemAccount(event),
    facts: {
      activity: 'log_clear',
      outcome: 'success',
      device: { name: event.computer },
      target: 'Security',
    },
  }),
};

/** The Security log event ids Vigil reads. */
export const SECURITY_EVENT_IDS: ReadonlySet<number> = new Set(Object.keys(HANDLERS).map(Number));

/** What a Security log event gives; events without a handler are skipped as unused. */
export function securityOutcome(event: WindowsEvent, state: WindowsState): WindowsOutcome {
  const handler = HANDLERS[event.eventId];
  return handler ? handler(event, state) : { skip: unusedReason(event) };
}

/** True for accounts that are the machine or a service, not a person. */
function isMachineAccount(user: string | null, domain: string | null, sid: string | null): boolean {
  if (sid !== null && MACHINE_SIDS.has(sid.toUpperCase())) return true;
  if (user === null) return true;
  if (
    user.endsWith('$') ||
    /^(system|anonymous logon|local service|network service)$/i.test(user)
  ) {
    return true;
  }
  if (/^(dwm|umfd)-\d+$/i.test(user)) return true;
  return domain !== null && MACHINE_DOMAINS.has(domain.toLowerCase());
}

/** 4624 and 4625: who signed in to which machine, how (logon type) and from where. */
function logon(event: WindowsEvent, succeeded: boolean): WindowsOutcome {
  const user = text(event.data('TargetUserName'));
  const domain = text(event.data('TargetDomainName'));
  if (succeeded && isMachineAccount(user, domain, text(event.data('TargetUserSid')))) {
    return { skip: `Security 4624 logon of the computer or a service account: not a person` };
  }
  const logonType = integer(event.data('LogonType'));
  const workstation = text(event.data('WorkstationName'));
  return {
    account: accountOf(event, 'TargetUserName', 'TargetDomainName') ?? text(event.data('Account')),
    facts: {
      activity: succeeded ? 'login' : 'login_failed',
      outcome: succeeded ? 'success' : 'failure',
      app: 'Windows',
      ip: cleanIp(event.data('IpAddress')),
      device: { name: event.computer },
      target: event.computer,
      attributes: {
        logonType: logonType ?? undefined,
        logonTypeName: logonType === null ? undefined : LOGON_TYPES[logonType],
        remote: logonType === null ? undefined : logonType === 3 || logonType === 10,
        sourceWorkstation: workstation === '-' ? undefined : (workstation ?? undefined),
        sourcePort: text(event.data('IpPort')) ?? undefined,
        logonProcess: text(event.data('LogonProcessName')) ?? undefined,
        authenticationPackage: text(event.data('AuthenticationPackageName')) ?? undefined,
        status: succeeded ? undefined : (text(event.data('Status')) ?? undefined),
        subStatus: succeeded ? undefined : (text(event.data('SubStatus')) ?? undefined),
        failureReason: succeeded ? undefined : (text(event.data('FailureReason')) ?? undefined),
      },
    },
  };
}

type Access = 'read' | 'write' | 'delete';

/**
 * What a 4663 did, from `AccessMask` (0x1 ReadData, 0x2 WriteData, 0x4 AppendData, 0x10000
 * DELETE) or `AccessList` (%%4416, %%4417, %%4418, %%1537, or their rendered names).
 */
function accessOf(event: WindowsEvent): Access | null {
  const maskText = text(event.data('AccessMask'));
  const mask =
    maskText === null ? 0 : Number.parseInt(maskText, maskText.startsWith('0x') ? 16 : 10);
  const list = text(event.data('AccessList')) ?? '';
  const has = (bits: number, codes: RegExp) =>
    (Number.isFinite(mask) && (mask & bits) !== 0) || codes.test(list);
  if (has(0x10000, /%%1537\b|\bDELETE\b/)) return 'delete';
  if (has(0x6, /%%441[78]\b|WriteData|AppendData/i)) return 'write';
  if (has(0x1, /%%4416\b|ReadData/i)) return 'read';
  return null;
}

const ACCESS_ACTIVITY: Record<Access, Activity> = {
  read: 'file_view',
  write: 'file_modify',
  delete: 'file_delete',
};

/** 4663: an audited file was read, written or deleted (object access auditing on its folder). */
function objectAccess(event: WindowsEvent, state: WindowsState): WindowsOutcome {
  const type = text(event.data('ObjectType'));
  if (type !== null && type.toLowerCase() !== 'file') {
    return { skip: unusedReason(event, ` access to a ${type} (not a file)`) };
  }
  const access = accessOf(event);
  const path = text(event.data('ObjectName'));
  const key = handleKey(event.computer, event.data('ProcessId'), event.data('HandleId'));
  state.handles.opened(key, path, access === 'delete');
  if (access === null)
    return { skip: unusedReason(event, ' access other than read, write or delete') };
  const usb =
    access === 'write' && path !== null && state.removable.isRemovable(path, event.computer);
  const activity: Activity = usb ? 'usb_write' : ACCESS_ACTIVITY[access];
  return {
    account: systemAccount(event),
    facts: {
      activity,
      outcome: 'success',
      classification: localFileClass(activity),
      file: { name: path === null ? null : baseName(path), path, destination: usb ? 'usb' : null },
      process: { name: text(event.data('ProcessName')) },
      device: { name: event.computer, removableMedia: usb },
      attributes: {
        accessMask: text(event.data('AccessMask')) ?? undefined,
        accessList: text(event.data('AccessList'))?.replace(/\s+/g, ' ') ?? undefined,
        handleId: text(event.data('HandleId')) ?? undefined,
      },
    },
  };
}

/** 4660: an audited object was deleted; its 4663 names the file (see windows-handles.ts). */
function objectDeleted(event: WindowsEvent, state: WindowsState): WindowsOutcome {
  const key = handleKey(event.computer, event.data('ProcessId'), event.data('HandleId'));
  const handle = state.handles.lookup(key);
  if (handle?.deleteCounted) {
    return { skip: 'Security 4660 object deleted: already counted from its 4663 delete access' };
  }
  state.handles.opened(key, null, true);
  const path = handle?.path ?? text(event.data('ObjectName'));
  return {
    account: systemAccount(event),
    facts: {
      activity: 'file_delete',
      outcome: 'success',
      classification: localFileClass('file_delete'),
      file: { name: path === null ? null : baseName(path), path },
      process: { name: text(event.data('ProcessName')) },
      device: { name: event.computer },
      attributes: { handleId: text(event.data('HandleId')) ?? undefined },
    },
  };
}

/** 4688: a process was started, with its command line when that auditing is on. */
function processCreated(event: WindowsEvent): WindowsOutcome {
  const image = text(event.data('NewProcessName'));
  const commandLine = text(event.data('CommandLine'));
  return {
    account: accountOf(event, 'TargetUserName', 'TargetDomainName') ?? systemAccount(event),
    facts: {
      activity: isInstaller(image, commandLine) ? 'app_install' : 'process_start',
      outcome: 'success',
      process: { name: image, commandLine, parentName: text(event.data('ParentProcessName')) },
      device: { name: event.computer },
      attributes: {
        decodedCommand:
          commandLine === null ? undefined : (decodeEncodedCommands(commandLine) ?? undefined),
        tokenElevation: text(event.data('TokenElevationType')) ?? undefined,
        mandatoryLabel: text(event.data('MandatoryLabel')) ?? undefined,
      },
    },
  };
}

/** 4698: a scheduled task was created; its action's command is the process command line. */
function scheduledTask(event: WindowsEvent): WindowsOutcome {
  const content = text(event.data('TaskContent')) ?? '';
  const command = xmlElement(content, 'Command');
  const args = xmlElement(content, 'Arguments');
  const commandLine = command === null ? null : args === null ? command : `${command} ${args}`;
  return {
    account: systemAccount(event),
    facts: {
      activity: 'persistence',
      action: '4698 ScheduledTaskCreated',
      outcome: 'success',
      process: { commandLine },
      device: { name: event.computer },
      target: text(event.data('TaskName')),
      attributes: {
        mechanism: 'scheduled task',
        decodedCommand:
          commandLine === null ? undefined : (decodeEncodedCommands(commandLine) ?? undefined),
      },
    },
  };
}

/** The text of the first `<name>` element of a small XML document (task definitions). */
function xmlElement(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? text(match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) : null;
}

/** 4720 and 4722: an account was created or enabled, by the subject. */
function accountChange(event: WindowsEvent, activity: Activity, what: string): WindowsOutcome {
  return {
    account: systemAccount(event),
    facts: {
      activity,
      outcome: 'success',
      device: { name: event.computer },
      target: accountOf(event, 'TargetUserName', 'TargetDomainName'),
      attributes: { change: what, targetSid: text(event.data('TargetSid')) ?? undefined },
    },
  };
}

/** 4728, 4732, 4756: a member was added to a security group; admin groups grant admin rights. */
function groupMember(event: WindowsEvent): WindowsOutcome {
  const group = text(event.data('TargetUserName'));
  const member = text(event.data('MemberName'));
  const memberSid = text(event.data('MemberSid'));
  return {
    account: systemAccount(event),
    facts: {
      activity: group !== null && ADMIN_GROUP.test(group) ? 'admin_granted' : 'role_granted',
      outcome: 'success',
      device: { name: event.computer },
      target: accountOf(event, 'TargetUserName', 'TargetDomainName'),
      attributes: {
        group: group ?? undefined,
        member: member === '-' ? undefined : (member ?? undefined),
        memberSid: memberSid ?? undefined,
      },
    },
  };
}

/** System 104: an event log was cleared; its name is in UserData or the message. */
export function systemLogCleared(event: WindowsEvent): WindowsOutcome {
  const fromMessage = /The (.+?) log file was cleared/i.exec(
    text(event.data('Message')) ?? '',
  )?.[1];
  // UserData's `Channel` names the cleared log; the record's own is the System log.
  const channel = text(event.data('Channel'));
  const fromUserData = channel !== null && channel !== event.channel ? channel : null;
  return {
    account: systemAccount(event),
    facts: {
      activity: 'log_clear',
      outcome: 'success',
      device: { name: event.computer },
      target: fromUserData ?? fromMessage ?? 'System',
    },
  };
}
