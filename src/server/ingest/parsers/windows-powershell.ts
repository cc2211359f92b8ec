import { decodeEncodedCommands } from './encoded-command';
import { text } from './fields';
import type { WindowsOutcome } from './windows-outcome';
import type { WindowsEvent } from './windows-record';
import { systemAccount } from './windows-record';

/**
 * PowerShell 4103 (module logging): one command run, with `ContextInfo` ("Command Name = ...",
 * "User = CORP\jdoe", "Script Name = ...", one per line) and `Payload` (the invocation and its
 * parameter bindings). The payload is the script text the PowerShell findings read.
 */
export function moduleLogged(event: WindowsEvent): WindowsOutcome {
  const rawContext = text(event.data('ContextInfo'));
  const context = contextInfo(rawContext ?? '');
  const payload = text(event.data('Payload'));
  const command = context.get('command name') ?? null;
  const commandLine = payload ?? command;
  const script = context.get('script name') ?? null;
  return {
    account: context.get('user') ?? systemAccount(event),
    facts: {
      activity: 'script_exec',
      action: '4103 ModuleLogging',
      outcome: 'success',
      process: { name: context.get('host application') ?? null, commandLine },
      file: script === null ? null : { name: script.split(/[\\/]/).pop() ?? script, path: script },
      device: { name: event.computer },
      attributes: {
        commandName: command ?? undefined,
        commandType: context.get('command type') ?? undefined,
        hostName: context.get('host name') ?? undefined,
        // As written, for Sigma's ps_module rules (`ContextInfo|contains`).
        contextInfo: rawContext ?? undefined,
        decodedCommand:
          commandLine === null ? undefined : (decodeEncodedCommands(commandLine) ?? undefined),
      },
    },
  };
}

/** `ContextInfo`'s "Name = value" lines, names lower-cased. */
function contextInfo(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of value.split(/\r?\n/)) {
    const equals = line.indexOf('=');
    if (equals <= 0) continue;
    const name = line.slice(0, equals).trim().toLowerCase();
    const content = line.slice(equals + 1).trim();
    if (name && content && !out.has(name)) out.set(name, content);
  }
  return out;
}
