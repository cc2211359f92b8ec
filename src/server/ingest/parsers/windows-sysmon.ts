import type { Activity } from '../../../shared/events';
import { localFileClass } from './activity-catalog';
import { cleanIp } from './addresses';
import { decodeEncodedCommands } from './encoded-command';
import { text } from './fields';
import { unusedReason } from './windows-names';
import type { WindowsOutcome, WindowsState } from './windows-outcome';
import type { WindowsEvent } from './windows-record';

/** Autorun registry locations: values set there run a program at sign-in or start-up. */
const AUTORUN_KEY =
  /\\(CurrentVersion\\(Run|RunOnce|RunOnceEx|RunServices|RunServicesOnce|Policies\\Explorer\\Run|Windows\\(Load|Run)|Winlogon\\(Shell|Userinit|Notify))|Image File Execution Options\\[^\\]+\\Debugger|Environment\\UserInitMprLogonScript|Control\\Session Manager\\BootExecute|Services\\[^\\]+\\ImagePath)(\\|$)/i;

/** The Sysmon events Vigil reads, each with what it makes of them. */
const HANDLERS: Readonly<
  Record<number, (event: WindowsEvent, state: WindowsState) => WindowsOutcome>
> = {
  1: processFacts,
  3: networkConnection,
  10: processAccess,
  11: fileCreated,
  13: registryValueSet,
  22: dnsQuery,
  23: fileDeleted,
  26: fileDeleted,
};

/**
 * What a Sysmon event gives; events without a handler are skipped as unused. Sysmon's own
 * `User` is kept in `attributes.user` as written (`NT AUTHORITY\SYSTEM`), beside the resolved
 * actor, because Sigma rules test it.
 */
export function sysmonOutcome(event: WindowsEvent, state: WindowsState): WindowsOutcome {
  const handler = HANDLERS[event.eventId];
  if (!handler) return { skip: unusedReason(event) };
  state.removable.observe(text(event.data('Image')), event.computer);
  const outcome = handler(event, state);
  if (!('facts' in outcome)) return outcome;
  const user = sysmonUser(event);
  const attributes = { ...outcome.facts.attributes, user: user ?? undefined };
  return { ...outcome, facts: { ...outcome.facts, attributes } };
}

/** Sysmon's own `User` (`DOMAIN\\user`), absent in some event types and older schemas. */
function sysmonUser(event: WindowsEvent): string | null {
  return text(event.data('User')) ?? text(event.data('SourceUser'));
}

function fileCreated(event: WindowsEvent, state: WindowsState): WindowsOutcome {
  const image = text(event.data('Image'));
  const path = text(event.data('TargetFilename'));
  const usb = path !== null && state.removable.isRemovable(path, event.computer);
  const activity: Activity = usb ? 'usb_write' : 'file_create';
  return {
    account: sysmonUser(event),
    facts: {
      activity,
      classification: localFileClass(activity),
      file: { name: path === null ? null : baseName(path), path, destination: usb ? 'usb' : null },
      process: { name: image },
      device: { name: event.computer, removableMedia: usb },
      attributes: { processGuid: text(event.data('ProcessGuid')) ?? undefined },
    },
  };
}

function fileDeleted(event: WindowsEvent): WindowsOutcome {
  const path = text(event.data('TargetFilename'));
  return {
    account: sysmonUser(event),
    facts: {
      activity: 'file_delete',
      classification: localFileClass('file_delete'),
      file: { name: path === null ? null : baseName(path), path },
      process: { name: text(event.data('Image')) },
      device: { name: event.computer },
      attributes: {
        archived: text(event.data('Archived')) ?? undefined,
        hashes: readHashes(event.data('Hashes')),
      },
    },
  };
}

function processFacts(event: WindowsEvent): WindowsOutcome {
  const image = text(event.data('Image'));
  const commandLine = text(event.data('CommandLine'));
  const activity: Activity = isInstaller(image, commandLine) ? 'app_install' : 'process_start';
  return {
    account: sysmonUser(event),
    facts: {
      activity,
      process: { name: image, commandLine, parentName: text(event.data('ParentImage')) },
      device: { name: event.computer },
      attributes: {
        decodedCommand:
          commandLine === null ? undefined : (decodeEncodedCommands(commandLine) ?? undefined),
        hashes: readHashes(event.data('Hashes')),
        originalFileName: text(event.data('OriginalFileName')) ?? undefined,
        parentCommandLine: text(event.data('ParentCommandLine')) ?? undefined,
        integrityLevel: text(event.data('IntegrityLevel')) ?? undefined,
        currentDirectory: text(event.data('CurrentDirectory')) ?? undefined,
        processGuid: text(event.data('ProcessGuid')) ?? undefined,
      },
    },
  };
}

/** 3: a process opened a network connection; the destination is the target. */
function networkConnection(event: WindowsEvent): WindowsOutcome {
  const ip = text(event.data('DestinationIp'));
  const host = text(event.data('DestinationHostname'));
  const port = text(event.data('DestinationPort'));
  const where = host ?? ip;
  return {
    account: sysmonUser(event),
    facts: {
      activity: 'network_connect',
      ip: cleanIp(ip),
      device: { name: event.computer },
      target: where === null ? null : port === null ? where : `${where}:${port}`,
      attributes: {
        image: text(event.data('Image')) ?? undefined,
        protocol: text(event.data('Protocol')) ?? undefined,
        initiated: text(event.data('Initiated')) ?? undefined,
        sourceIp: text(event.data('SourceIp')) ?? undefined,
        destinationHostname: host ?? undefined,
        destinationPort: port ?? undefined,
      },
    },
  };
}

/** 10: a process opened another; only LSASS matters (credential dumping). */
function processAccess(event: WindowsEvent): WindowsOutcome {
  const target = text(event.data('TargetImage'));
  if (target === null || baseName(target).toLowerCase() !== 'lsass.exe') {
    return { skip: unusedReason(event, ' of a process other than LSASS') };
  }
  return {
    account: sysmonUser(event),
    facts: {
      activity: 'credential_access',
      device: { name: event.computer },
      target: baseName(target),
      attributes: {
        sourceImage: text(event.data('SourceImage')) ?? undefined,
        targetImage: target,
        grantedAccess: text(event.data('GrantedAccess')) ?? undefined,
        callTrace: text(event.data('CallTrace')) ?? undefined,
      },
    },
  };
}

/** 13: a registry value was set; autorun keys (Run, RunOnce, Winlogon...) are persistence. */
function registryValueSet(event: WindowsEvent): WindowsOutcome {
  const key = text(event.data('TargetObject'));
  if (key === null || !AUTORUN_KEY.test(key)) {
    return { skip: unusedReason(event, ' outside the autorun keys') };
  }
  const details = text(event.data('Details'));
  return {
    account: sysmonUser(event),
    facts: {
      activity: 'persistence',
      process: { commandLine: details },
      device: { name: event.computer },
      target: key,
      attributes: {
        mechanism: 'autorun registry value',
        image: text(event.data('Image')) ?? undefined,
        decodedCommand:
          details === null ? undefined : (decodeEncodedCommands(details) ?? undefined),
      },
    },
  };
}

/** 22: a process looked up a domain name. */
function dnsQuery(event: WindowsEvent): WindowsOutcome {
  return {
    account: sysmonUser(event),
    facts: {
      activity: 'dns_query',
      device: { name: event.computer },
      target: text(event.data('QueryName')),
      attributes: {
        image: text(event.data('Image')) ?? undefined,
        queryStatus: text(event.data('QueryStatus')) ?? undefined,
        queryResults: text(event.data('QueryResults')) ?? undefined,
      },
    },
  };
}

/**
 * An installer run: `msiexec /i` (or `/package`), `winget install`, `choco install`, or an
 * executable named like an installer (`setup.exe`, `*-setup*.exe`, `*installer*.exe`) outside
 * the Windows folder (TrustedInstaller.exe is the servicing stack, not an install).
 */
export function isInstaller(image: string | null, commandLine: string | null): boolean {
  const name = image === null ? '' : baseName(image).toLowerCase();
  const args = commandLine ?? '';
  if (name === 'msiexec.exe') return /\s[-/](i|package)\b/i.test(args);
  if (name === 'winget.exe' || name === 'choco.exe') return /\sinstall\b/i.test(args);
  if (name === 'trustedinstaller.exe' || /^[a-z]:\\windows\\/i.test(image ?? '')) return false;
  return /(^|[-_ .])setup[^\\]*\.exe$|installer[^\\]*\.exe$/.test(name);
}

/** `SHA1=..,MD5=..,SHA256=..` as `{SHA1: .., MD5: .., SHA256: ..}`. */
function readHashes(value: unknown): Record<string, string> | undefined {
  const hashes = text(value);
  if (hashes === null) return undefined;
  const out: Record<string, string> = {};
  for (const pair of hashes.split(',')) {
    const [algorithm, digest] = pair.split('=');
    if (algorithm && digest) out[algorithm.trim().toUpperCase()] = digest.trim();
  }
  return out;
}

/** The last segment of a Windows path. */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/')) + 1);
}
