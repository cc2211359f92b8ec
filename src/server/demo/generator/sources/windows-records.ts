import { isoTime, sysmonTime } from '../calendar';
import type { Device, Employee } from '../org-types';
import { hash32, Prng } from '../prng';
import type { Emitted, NativeRecord } from '../source-types';

/** Channels, as Windows names them. */
export const Channel = {
  sysmon: 'Microsoft-Windows-Sysmon/Operational',
  powershell: 'Microsoft-Windows-PowerShell/Operational',
  security: 'Security',
} as const;

const SYSMON_PROVIDER = '{5770385f-c22a-43e0-bf4c-06f5698ffbd9}';
const POWERSHELL_PROVIDER = '{a0c1853b-5c40-4b15-8766-3cf1c58f985a}';
const EVENTLOG_PROVIDER = '{fc65ddd8-d6ef-4962-83d5-6e5cfe9ce148}';

/**
 * PowerShell splits a script block into several 4104 records above this many characters;
 * every part shares the ScriptBlockId and numbers itself MessageNumber of MessageTotal.
 */
const SCRIPT_BLOCK_CHUNK = 32_000;

/** A process image with the version resource Sysmon copies into event 1. */
export interface ProcessImage {
  readonly image: string;
  readonly description: string;
  readonly product: string;
  readonly company: string;
  readonly originalFileName: string;
  readonly fileVersion: string;
}

/** A running process the events can point at. */
export interface ProcessRef {
  readonly image: string;
  readonly commandLine: string;
  readonly pid: number;
  readonly guid: string;
}

const prefixes = new Map<string, string>();

/** First part of every GUID a machine's Sysmon hands out (stable per host). */
function machinePrefix(device: Device): string {
  let prefix = prefixes.get(device.hostname);
  if (prefix === undefined) {
    prefix = hash32(device.hostname).toString(16).padStart(8, '0');
    prefixes.set(device.hostname, prefix);
  }
  return prefix;
}

const logons = new Map<string, readonly [guid: string, id: string]>();

/** The interactive logon session of a person on a machine. */
function logonOf(device: Device, e: Employee): readonly [guid: string, id: string] {
  const key = `${device.hostname}|${e.id}`;
  let logon = logons.get(key);
  if (logon === undefined) {
    const h = hash32(key);
    logon = [
      `{${machinePrefix(device)}-0000-0000-${(h & 0xffff).toString(16).padStart(4, '0')}-000000000000}`,
      `0x${(h >>> 8).toString(16)}`,
    ];
    logons.set(key, logon);
  }
  return logon;
}

/** A Sysmon-style ProcessGuid: machine prefix, then time and sequence parts. */
export function processGuid(device: Device, time: number, prng: Prng): string {
  const secs = Math.floor(time / 1000);
  return `{${machinePrefix(device)}-${(secs & 0xffff).toString(16).padStart(4, '0')}-${((secs >>> 16) & 0xffff).toString(16).padStart(4, '0')}-${prng.hex(4)}-00000000${prng.hex(2)}00}`;
}

const hashCache = new Map<string, string>();

/** Hashes of an image, stable for its path (as the same binary hashes the same everywhere). */
function imageHashes(image: string): string {
  let h = hashCache.get(image);
  if (!h) {
    const p = new Prng(`hash|${image.toLowerCase()}`);
    h = `SHA1=${p.hex(40).toUpperCase()},MD5=${p.hex(32).toUpperCase()},SHA256=${p.hex(64).toUpperCase()},IMPHASH=${p.hex(32).toUpperCase()}`;
    hashCache.set(image, h);
  }
  return h;
}

const explorers = new Map<string, ProcessRef>();

/** The explorer.exe of the interactive session, parent of most user processes. */
export function explorerOf(device: Device): ProcessRef {
  let explorer = explorers.get(device.hostname);
  if (explorer === undefined) {
    const p = new Prng(`explorer|${device.hostname}`);
    explorer = {
      image: 'C:\\Windows\\explorer.exe',
      commandLine: 'C:\\Windows\\Explorer.EXE',
      pid: p.int(3000, 9000),
      guid: `{${machinePrefix(device)}-0000-0000-${p.hex(4)}-000000001000}`,
    };
    explorers.set(device.hostname, explorer);
  }
  return explorer;
}

function base(
  device: Device,
  e: Employee,
  channel: string,
  eventId: number,
  time: number,
): NativeRecord {
  const sysmon = channel === Channel.sysmon;
  return {
    SourceName: sysmon
      ? 'Microsoft-Windows-Sysmon'
      : channel === Channel.security
        ? 'Microsoft-Windows-Eventlog'
        : 'Microsoft-Windows-PowerShell',
    ProviderGuid: sysmon
      ? SYSMON_PROVIDER
      : channel === Channel.security
        ? EVENTLOG_PROVIDER
        : POWERSHELL_PROVIDER,
    Channel: channel,
    Computer: device.hostname,
    Hostname: device.hostname,
    EventID: eventId,
    // Written by the collector a moment after the event itself.
    TimeCreated: isoTime(time + (sysmon ? 4 : 0)),
  };
}

/**
 * The common fields of a Sysmon event. Sysmon names the user in its own `User` field; other
 * channels only carry the SID (see scriptBlock and securityLogCleared for their account fields).
 */
function sysmonBase(device: Device, e: Employee, eventId: number, time: number): NativeRecord {
  return {
    ...base(device, e, Channel.sysmon, eventId, time),
    User: e.windowsAccount,
    Level: '4',
    Task: String(eventId),
    Keywords: '0x8000000000000000',
    RuleName: '-',
    UtcTime: sysmonTime(time),
  };
}

/** Sysmon event 1 (process creation). */
export function sysmonProcess(
  device: Device,
  e: Employee,
  time: number,
  image: ProcessImage,
  commandLine: string,
  parent: ProcessRef,
  prng: Prng,
  integrity: 'Medium' | 'High' = 'Medium',
): { record: NativeRecord; process: ProcessRef } {
  const process: ProcessRef = {
    image: image.image,
    commandLine,
    pid: prng.int(1000, 24000),
    guid: processGuid(device, time, prng),
  };
  const record: NativeRecord = {
    ...sysmonBase(device, e, 1, time),
    ProcessGuid: process.guid,
    ProcessId: String(process.pid),
    Image: image.image,
    FileVersion: image.fileVersion,
    Description: image.description,
    Product: image.product,
    Company: image.company,
    OriginalFileName: image.originalFileName,
    CommandLine: commandLine,
    CurrentDirectory: `C:\\Users\\${e.localPart}\\`,
    LogonGuid: logonOf(device, e)[0],
    LogonId: logonOf(device, e)[1],
    TerminalSessionId: '1',
    IntegrityLevel: integrity,
    Hashes: imageHashes(image.image),
    ParentProcessGuid: parent.guid,
    ParentProcessId: String(parent.pid),
    ParentImage: parent.image,
    ParentCommandLine: parent.commandLine,
    ParentUser: e.windowsAccount,
  };
  return { record, process };
}

/** Sysmon event 11 (file created), e.g. a copy landing on a USB drive. */
export function sysmonFileCreate(
  device: Device,
  e: Employee,
  time: number,
  process: ProcessRef,
  target: string,
): NativeRecord {
  return {
    ...sysmonBase(device, e, 11, time),
    ProcessGuid: process.guid,
    ProcessId: String(process.pid),
    Image: process.image,
    TargetFilename: target,
    CreationUtcTime: sysmonTime(time),
  };
}

/** Sysmon event 23 (file delete archived). */
export function sysmonFileDelete(
  device: Device,
  e: Employee,
  time: number,
  process: ProcessRef,
  target: string,
): NativeRecord {
  return {
    ...sysmonBase(device, e, 23, time),
    ProcessGuid: process.guid,
    ProcessId: String(process.pid),
    Image: process.image,
    TargetFilename: target,
    Hashes: imageHashes(target),
    IsExecutable: /\.(exe|dll)$/i.test(target) ? 'true' : 'false',
    Archived: 'true',
  };
}

/** PowerShell 4104 records for one script block: several when the text is long. */
export function scriptBlock(
  device: Device,
  e: Employee,
  time: number,
  text: string,
  host: ProcessRef,
  prng: Prng,
  suspicious = false,
): Emitted[] {
  const id = prng.uuid();
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += SCRIPT_BLOCK_CHUNK)
    parts.push(text.slice(i, i + SCRIPT_BLOCK_CHUNK));
  if (parts.length === 0) parts.push('');
  return parts.map((part, i) => {
    const t = time + i;
    return {
      time: t,
      record: {
        ...base(device, e, Channel.powershell, 4104, t),
        // PowerShell raises the level to Warning when it flags suspicious content itself.
        Level: suspicious ? '3' : '5',
        Task: '2',
        Opcode: '15',
        Keywords: '0x0',
        MessageNumber: String(i + 1),
        MessageTotal: String(parts.length),
        ScriptBlockText: part,
        ScriptBlockId: id,
        Path: '',
        // The collector (NXLog im_msvistalog) resolves the SID into Domain and AccountName.
        UserID: e.sid,
        Domain: domainOf(e),
        AccountName: e.localPart,
        AccountType: 'User',
        ExecutionProcessID: host.pid,
        ExecutionThreadID: prng.int(1000, 20000),
      },
    };
  });
}

function domainOf(e: Employee): string {
  return e.windowsAccount.slice(0, e.windowsAccount.indexOf('\\'));
}

/** Security 1102: the audit log was cleared. The clearing account is in its UserData. */
export function securityLogCleared(device: Device, e: Employee, time: number): NativeRecord {
  return {
    ...base(device, e, Channel.security, 1102, time),
    Level: '4',
    Task: '104',
    Keywords: '0x4020000000000000',
    SubjectUserSid: e.sid,
    SubjectUserName: e.localPart,
    SubjectDomainName: domainOf(e),
    SubjectLogonId: logonOf(device, e)[1],
  };
}

/** PowerShell's -EncodedCommand form: base64 of the UTF-16LE script. */
export function encodeCommand(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}
