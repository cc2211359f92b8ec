import type { NormalizedEvent } from '../../../shared/events';
import { describeType, fail } from '../errors';
import { resolveActor } from './addresses';
import { guarded } from './define-parser';
import { decodeEncodedCommands } from './encoded-command';
import { buildEvent } from './event-builder';
import type { JsonObject } from './fields';
import { isObject, text } from './fields';
import type { ParsedItem, ParserOptions, ParserSession, SourceParser } from './parser';
import { resolveParserOptions } from './parser';
import { stableId } from './stable-id';
import { requireTime } from './timestamps';
import { RemovableMediaRule } from './windows-files';
import type { WindowsEvent } from './windows-record';
import {
  isPowerShell,
  isSysmon,
  readWindowsEvent,
  systemAccount,
  timeValue,
} from './windows-record';
import type { ScriptBlock } from './windows-script-blocks';
import { ScriptBlockAssembler, readScriptBlockPart } from './windows-script-blocks';
import { SYSMON_EVENT_IDS, baseName, sysmonFacts } from './windows-sysmon';

const sysmonNames: Record<number, string> = {
  1: 'ProcessCreate',
  11: 'FileCreate',
  23: 'FileDelete',
  26: 'FileDeleteDetected',
};

function mismatch(record: unknown): string | null {
  if (!isObject(record)) return `it is ${describeType(record)}, not a JSON object`;
  const event = readWindowsEvent(record);
  return typeof event === 'string' ? event : null;
}

/**
 * Windows event log exports as JSON: PowerShell script block logging (4104), Sysmon 1
 * ProcessCreate, 11 FileCreate, 23 FileDelete and 26 FileDeleteDetected, and event log clearing
 * (Security 1102, System 104). Other event ids give a `skipped` item.
 *
 * Time: Sysmon's own `UtcTime` is preferred, then `System.TimeCreated.SystemTime`/`TimeCreated`,
 * `@timestamp`, and last NXLog's `EventTime` (local time, read as UTC): in the OTRF exports
 * `TimeCreated` is hours off from `UtcTime`.
 *
 * Actor: the record's user (`User` for Sysmon; `DOMAIN\user` or the `Security UserID` SID for
 * PowerShell and log clearing) goes through the `accountToEmail` option and stays in actorId.
 * A record with no user but a computer name is kept with a null actor (the device identifies
 * it); one with neither is rejected.
 *
 * Multi-part script blocks are joined into one `script_exec` event once every part arrived
 * (push returns nothing for the parts before), or at end() with what arrived, marked with
 * `attributes.partsMissing`. The script text is `process.commandLine` (cut at the schema's
 * 100,000 characters; `raw` keeps every part), and `-EncodedCommand` arguments in it are
 * decoded into `attributes.decodedCommand`.
 */
export const windowsParser: SourceParser = {
  source: 'windows',
  label: 'Windows events (PowerShell, Sysmon)',
  description:
    'Windows event exports: PowerShell script blocks, Sysmon process starts, file writes and deletions, log clearing.',
  framings: ['ndjson', 'json-array'],
  looksLike: (record) => mismatch(record) === null,
  mismatch,
  create: (options) => new WindowsSession(resolveParserOptions(options)),
};

class WindowsSession implements ParserSession {
  private readonly options: ParserOptions;
  private readonly assembler = new ScriptBlockAssembler();
  private readonly removable: RemovableMediaRule;

  constructor(options: ParserOptions) {
    this.options = options;
    this.removable = new RemovableMediaRule(options.removableDrives);
  }

  push(record: unknown, position: number): ParsedItem[] {
    return guarded(position, () => this.read(record, position));
  }

  end(): ParsedItem[] {
    return this.assembler.flush().map((block) => this.scriptEvent(block));
  }

  private read(record: unknown, position: number): ParsedItem[] {
    const why = mismatch(record);
    if (why !== null) fail(position, `not a Windows event: ${why}`);
    const event = readWindowsEvent(record as JsonObject) as WindowsEvent;
    const supported = this.supported(event);
    if (supported !== null) return [{ kind: 'skipped', reason: supported, position }];
    const stamp = timeValue(event);
    const time = requireTime(
      stamp?.value,
      {
        name: `\`${stamp?.name ?? 'TimeCreated'}\``,
        missing: "Windows events need `TimeCreated` (or Sysmon's `UtcTime`)",
      },
      position,
      this.options.now,
    );
    const account = isSysmon(event) ? text(event.data('User')) : systemAccount(event);
    if (account === null && event.computer === null) {
      fail(
        position,
        'no actor: Windows events need a user (`User`, `Security UserID`) or a computer name',
      );
    }
    if (event.eventId === 4104) {
      const part = readScriptBlockPart(event, time, position, account);
      return this.assembler.add(part).map((block) => this.scriptEvent(block));
    }
    const common = {
      time,
      sourceEventId:
        event.recordId !== null
          ? `${event.computer ?? '-'}:${event.channel ?? '-'}:${event.eventId}:${event.recordId}`
          : stableId('windows', [record]),
      outcome: 'success' as const,
      ...resolveActor(account, this.options),
    };
    if (isSysmon(event)) {
      const draft = {
        ...common,
        action: `${event.eventId} ${sysmonNames[event.eventId]}`,
        ...sysmonFacts(event, this.removable),
      };
      return [this.item(buildEvent('windows', draft, record, position), position)];
    }
    const draft = {
      ...common,
      activity: 'log_clear' as const,
      action: `${event.eventId} LogCleared`,
      device: { name: event.computer },
      target: clearedLog(event),
    };
    return [this.item(buildEvent('windows', draft, record, position), position)];
  }

  /** Null when Vigil reads this event; otherwise why it is skipped. */
  private supported(event: WindowsEvent): string | null {
    const channel = (event.channel ?? '').toLowerCase();
    if (event.eventId === 4104 && isPowerShell(event)) return null;
    if (isSysmon(event) && SYSMON_EVENT_IDS.has(event.eventId)) return null;
    if (
      event.eventId === 1102 &&
      (channel === 'security' || /eventlog/i.test(event.provider ?? ''))
    )
      return null;
    if (event.eventId === 104 && (channel === 'system' || /eventlog/i.test(event.provider ?? '')))
      return null;
    return `Windows event ${event.eventId}${event.channel ? ` from ${event.channel}` : ''} is not one Vigil reads (PowerShell 4104, Sysmon 1, 11, 23, 26, log clearing 1102 and 104)`;
  }

  private scriptEvent(block: ScriptBlock): ParsedItem {
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
    return this.item(buildEvent('windows', draft, raw, position), position);
  }

  private item(event: NormalizedEvent, position: number): ParsedItem {
    return { kind: 'event', event, position };
  }
}

/** The log that was cleared: Security for 1102; for 104 the `Channel` in UserData or the message. */
function clearedLog(event: WindowsEvent): string | null {
  if (event.eventId === 1102) return 'Security';
  const fromMessage = /The (.+?) log file was cleared/i.exec(
    text(event.data('Message')) ?? '',
  )?.[1];
  const nested = isObject(event.record.UserData) ? text(event.data('Channel')) : null;
  return nested ?? fromMessage ?? 'System';
}
