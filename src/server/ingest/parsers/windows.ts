import type { NormalizedEvent } from '../../../shared/events';
import { describeType, fail } from '../errors';
import { resolveActor } from './addresses';
import { guarded } from './define-parser';
import { decodeEncodedCommands } from './encoded-command';
import { buildEvent } from './event-builder';
import type { JsonObject } from './fields';
import { isObject, lookup } from './fields';
import type { ParsedItem, ParserOptions, ParserSession, SourceParser } from './parser';
import { resolveParserOptions } from './parser';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';
import { RemovableMediaRule } from './windows-files';
import { WindowsHandles } from './windows-handles';
import { genericWindowsDraft } from './windows-generic';
import { unusedReason } from './windows-names';
import type { WindowsOutcome, WindowsState } from './windows-outcome';
import { moduleLogged } from './windows-powershell';
import type { WindowsEvent } from './windows-record';
import {
  isPowerShell,
  isSecurity,
  isSysmon,
  readWindowsEvent,
  systemAccount,
  timeValue,
} from './windows-record';
import type { ScriptBlock } from './windows-script-blocks';
import { ScriptBlockAssembler, readScriptBlockPart } from './windows-script-blocks';
import { securityOutcome, systemLogCleared } from './windows-security';
import { baseName, sysmonOutcome } from './windows-sysmon';

/** The skip reason of the parts of a script block after the one its event is placed at. */
const JOINED_PART = 'PowerShell 4104 script block part: joined with its other parts into one event';

/** Native names of the events Vigil reads, for `action` ("4624 Logon"). */
const ACTIONS: Readonly<Record<string, string>> = {
  'sysmon:1': 'ProcessCreate',
  'sysmon:3': 'NetworkConnect',
  'sysmon:10': 'ProcessAccess',
  'sysmon:11': 'FileCreate',
  'sysmon:13': 'RegistryValueSet',
  'sysmon:22': 'DnsQuery',
  'sysmon:23': 'FileDelete',
  'sysmon:26': 'FileDeleteDetected',
  'security:4624': 'Logon',
  'security:4625': 'LogonFailed',
  'security:4647': 'Logoff',
  'security:4663': 'ObjectAccess',
  'security:4660': 'ObjectDeleted',
  'security:4688': 'ProcessCreate',
  'security:4698': 'ScheduledTaskCreated',
  'security:4720': 'UserAccountCreated',
  'security:4722': 'UserAccountEnabled',
  'security:4728': 'MemberAddedToGlobalGroup',
  'security:4732': 'MemberAddedToLocalGroup',
  'security:4756': 'MemberAddedToUniversalGroup',
  'security:1102': 'LogCleared',
  'system:104': 'LogCleared',
};

function mismatch(record: unknown): string | null {
  if (!isObject(record)) return `it is ${describeType(record)}, not a JSON object`;
  const event = readWindowsEvent(record);
  return typeof event === 'string' ? event : null;
}

/**
 * Windows event log exports as JSON, in every shape windows-record.ts reads (evtx_dump and
 * python-evtx, Winlogbeat and Elastic Agent, NXLog, Sentinel SecurityEvent and Event rows).
 * Events that matter to insider risk become events:
 * - Security: 4624/4625 logons (type and source), 4647 logoff, 4663/4660 audited file reads,
 *   writes and deletions, 4688 process starts, 4698 scheduled tasks, 4720/4722 accounts
 *   created or enabled, 4728/4732/4756 group membership, 1102 log cleared (windows-security.ts);
 * - Sysmon: 1 process, 3 network connection, 10 access to LSASS, 11 file created, 13 autorun
 *   registry values, 22 DNS query, 23/26 file deleted (windows-sysmon.ts);
 * - PowerShell: 4104 script blocks, 4103 module logging (windows-powershell.ts);
 * - System 104 log cleared.
 * Every other event (and any of these a finding does not use, e.g. Sysmon 10 of a process other
 * than LSASS) becomes a generic event: activity `other`, its kind as action ("Sysmon 7 image
 * load"), its well-known fields as attributes (windows-generic.ts). Nothing well-formed is lost.
 *
 * Time: Sysmon's own `UtcTime` is preferred, then `System.TimeCreated.SystemTime`/`TimeCreated`,
 * `@timestamp`, Sentinel's `TimeGenerated`, and last NXLog's `EventTime` (local time, read as
 * UTC): in the OTRF exports `TimeCreated` is hours off from `UtcTime`.
 *
 * Actor: who did it (the logon's target account, the Security subject, Sysmon's `User`, the
 * `Security UserID` SID) goes through the `accountToEmail` option and stays in actorId. A record
 * with no user but a computer name is kept with a null actor (the device identifies it); one
 * with neither is rejected.
 *
 * Multi-part script blocks are joined into one `script_exec` event once every part arrived
 * (push returns nothing for the parts before), or at end() with what arrived, marked with
 * `attributes.partsMissing`. The script text is `process.commandLine` (cut at the schema's
 * 100,000 characters; `raw` keeps every part), and `-EncodedCommand` arguments in it are
 * decoded into `attributes.decodedCommand`.
 */
export const windowsParser: SourceParser = {
  source: 'windows',
  label: 'Windows events',
  description:
    'Windows event exports (evtx JSON, Winlogbeat, NXLog, Sentinel): logons, audited file access, processes, scheduled tasks, accounts and groups, log clearing, Sysmon, PowerShell script blocks.',
  framings: ['ndjson', 'json-array', 'json-wrapper', 'evtx'],
  looksLike: (record) => mismatch(record) === null,
  mismatch,
  detect: (record) => mismatch(record) === null,
  create: (options) => new WindowsSession(resolveParserOptions(options)),
};

class WindowsSession implements ParserSession {
  private readonly options: ParserOptions;
  private readonly assembler = new ScriptBlockAssembler();
  private readonly state: WindowsState;

  constructor(options: ParserOptions) {
    this.options = options;
    this.state = {
      removable: new RemovableMediaRule(options.removableDrives),
      handles: new WindowsHandles(),
    };
  }

  push(record: unknown, position: number): ParsedItem[] {
    return guarded(position, () => this.read(record, position));
  }

  end(): ParsedItem[] {
    return this.assembler.flush().flatMap((block) => this.scriptEvent(block));
  }

  private read(record: unknown, position: number): ParsedItem[] {
    const why = mismatch(record);
    if (why !== null) fail(position, `not a Windows event: ${why}`);
    const event = readWindowsEvent(record as JsonObject) as WindowsEvent;
    const scriptBlock = event.eventId === 4104 && isPowerShell(event);
    const outcome = scriptBlock ? null : this.outcome(event);
    const time = this.time(event, position);
    if (outcome !== null && 'skip' in outcome) {
      return [this.item(this.generic(event, record, time, position), position)];
    }
    const account = outcome === null ? systemAccount(event) : outcome.account;
    if (account === null && event.computer === null) {
      fail(
        position,
        'no actor: Windows events need a user (`User`, `SubjectUserName`, `Security UserID`) or a computer name',
      );
    }
    if (outcome === null) {
      const part = readScriptBlockPart(event, time, position, account);
      return this.assembler.add(part).flatMap((block) => this.scriptEvent(block));
    }
    const { action, ...facts } = outcome.facts;
    const draft = {
      outcome: 'success' as const,
      ...facts,
      time,
      sourceEventId: sourceEventId(event, record),
      action: action ?? `${event.eventId} ${actionName(event)}`,
      ...resolveActor(account, this.options),
    };
    return [this.item(buildEvent('windows', draft, record, position), position)];
  }

  private time(event: WindowsEvent, position: number): number {
    const stamp = timeValue(event);
    return requireTime(
      stamp?.value,
      {
        name: `\`${stamp?.name ?? 'TimeCreated'}\``,
        missing: "Windows events need `TimeCreated` (or Sysmon's `UtcTime`)",
      },
      position,
      this.options,
    );
  }

  /**
   * An event of a kind no finding reads: kept as a generic event (see windows-generic.ts),
   * with whoever the record names as actor, or none.
   */
  private generic(
    event: WindowsEvent,
    record: unknown,
    time: number,
    position: number,
  ): NormalizedEvent {
    const draft = {
      ...genericWindowsDraft(event),
      time,
      sourceEventId: sourceEventId(event, record),
      ...resolveActor(systemAccount(event), this.options),
    };
    return buildEvent('windows', draft, record, position);
  }

  /** What Vigil makes of an event other than a script block part. */
  private outcome(event: WindowsEvent): WindowsOutcome {
    if (isSysmon(event)) return sysmonOutcome(event, this.state);
    if (isPowerShell(event)) {
      return event.eventId === 4103 ? moduleLogged(event) : { skip: unusedReason(event) };
    }
    const eventLog = /eventlog/i.test(event.provider ?? '');
    if (isSecurity(event) || (event.eventId === 1102 && eventLog)) {
      return securityOutcome(event, this.state);
    }
    const system = (event.channel ?? '').toLowerCase() === 'system';
    if (event.eventId === 104 && (system || eventLog)) return systemLogCleared(event);
    return { skip: unusedReason(event) };
  }

  /**
   * The event of a script block, and a skipped item for each part after the first, so every
   * record of the upload is accounted for.
   */
  private scriptEvent(block: ScriptBlock): ParsedItem[] {
    const parts = block.parts;
    const first = parts[0]!;
    const script = parts.map((part) => part.text).join('');
    const time = Math.min(...parts.map((part) => part.time));
    const position = Math.min(...parts.map((part) => part.position));
    const path = parts.map((part) => part.path).find((value) => value !== null) ?? null;
    const draft = {
      time,
      sourceEventId: `${first.computer ?? '-'}:4104:${block.scriptBlockId.toLowerCase()}`,
      activity: 'script_exec' as const,
      action: '4104 ScriptBlock',
      outcome: 'success' as const,
      ...resolveActor(first.account, this.options),
      process: { commandLine: script },
      file: path === null ? null : { name: baseName(path), path },
      device: { name: first.computer },
      attributes: {
        scriptBlockId: block.scriptBlockId,
        partsTotal: block.total,
        partsReceived: parts.length,
        partsMissing: block.missing.length > 0 ? block.missing : undefined,
        scriptTextTruncated: script.length > 100000 || undefined,
        decodedCommand: decodeEncodedCommands(script) ?? undefined,
      },
    };
    const raw = parts.length === 1 ? first.raw : parts.map((part) => part.raw);
    const joined = parts
      .filter((part) => part.position !== position)
      .map((part): ParsedItem => ({
        kind: 'skipped',
        reason: JOINED_PART,
        position: part.position,
      }));
    return [this.item(buildEvent('windows', draft, raw, position), position), ...joined];
  }

  private item(event: NormalizedEvent, position: number): ParsedItem {
    return { kind: 'event', event, position };
  }
}

/** computer:channel:id:record, unique per Windows log; a hash of the record without a record id. */
function sourceEventId(event: WindowsEvent, record: unknown): string {
  return event.recordId !== null
    ? `${event.computer ?? '-'}:${event.channel ?? '-'}:${event.eventId}:${event.recordId}`
    : stableId('windows', [record]);
}

/** The native name of an event Vigil reads ("Logon"), by its family and id. */
function actionName(event: WindowsEvent): string {
  const family = isSysmon(event) ? 'sysmon' : isSecurity(event) ? 'security' : 'system';
  const name = lookup(ACTIONS, `${family}:${event.eventId}`);
  return name ?? (event.eventId === 1102 ? 'LogCleared' : 'Event');
}
