import type { Activity } from '../../../shared/events';
import { localFileClass } from './activity-catalog';
import { decodeEncodedCommands } from './encoded-command';
import type { EventDraft } from './event-builder';
import { text } from './fields';
import type { RemovableMediaRule } from './windows-files';
import type { WindowsEvent } from './windows-record';

/** Sysmon event ids Vigil reads. */
export const SYSMON_EVENT_IDS = new Set([1, 11, 23, 26]);

type SysmonFacts = Omit<EventDraft, 'time' | 'sourceEventId' | 'action' | 'actorEmail' | 'actorId'>;

/** The normalized facts of a Sysmon event (1 ProcessCreate, 11 FileCreate, 23/26 FileDelete). */
export function sysmonFacts(event: WindowsEvent, removable: RemovableMediaRule): SysmonFacts {
  const image = text(event.data('Image'));
  removable.observe(image, event.computer);
  if (event.eventId === 1) return processFacts(event, image);
  const path = text(event.data('TargetFilename'));
  const name = path === null ? null : baseName(path);
  if (event.eventId === 11) {
    const usb = path !== null && removable.isRemovable(path, event.computer);
    const activity: Activity = usb ? 'usb_write' : 'file_create';
    return {
      activity,
      classification: localFileClass(activity),
      file: { name, path, destination: usb ? 'usb' : null },
      process: { name: image },
      device: { name: event.computer, removableMedia: usb },
      attributes: { processGuid: text(event.data('ProcessGuid')) ?? undefined },
    };
  }
  return {
    activity: 'file_delete',
    classification: localFileClass('file_delete'),
    file: { name, path },
    process: { name: image },
    device: { name: event.computer },
    attributes: {
      archived: text(event.data('Archived')) ?? undefined,
      hashes: readHashes(event.data('Hashes')),
    },
  };
}

function processFacts(event: WindowsEvent, image: string | null): SysmonFacts {
  const commandLine = text(event.data('CommandLine'));
  const activity: Activity = isInstaller(image, commandLine) ? 'app_install' : 'process_start';
  return {
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
  };
}

/**
 * An installer run: `msiexec /i` (or `/package`), `winget install`, `choco install`, or an
 * executable named like an installer (`setup.exe`, `*-setup*.exe`, `*installer*.exe`) outside
 * the Windows folder (TrustedInstaller.exe is the servicing stack, not an install).
 */
function isInstaller(image: string | null, commandLine: string | null): boolean {
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
