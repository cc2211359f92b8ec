/**
 * Suspicious PowerShell and command-line patterns and the ATT&CK techniques they point to.
 * A pattern matches when the lower-cased command (or its decoded form) contains one of its
 * needles. The analysis step finds candidate events in SQL with the same needles, then this
 * module decides which patterns each candidate matched, so SQL and JS never disagree.
 */
export interface CommandPattern {
  /** Stable id, kept in event_flags.detail. */
  readonly id: string;
  /** What an investigator reads beside the command. */
  readonly title: string;
  readonly techniqueId: string;
  readonly techniqueName: string;
  /** Lower-case substrings; any one of them is a match. */
  readonly needles: readonly string[];
  /** How much it matters on its own. */
  readonly severity: 'low' | 'medium' | 'high';
}

const p = (
  id: string,
  title: string,
  technique: [string, string],
  severity: CommandPattern['severity'],
  needles: string[],
): CommandPattern => ({
  id,
  title,
  techniqueId: technique[0],
  techniqueName: technique[1],
  needles,
  severity,
});

const IMPAIR: [string, string] = ['T1562.001', 'Impair Defenses: Disable or Modify Tools'];
const CLEAR_LOGS: [string, string] = ['T1070.001', 'Indicator Removal: Clear Windows Event Logs'];
const HISTORY: [string, string] = ['T1070.003', 'Indicator Removal: Clear Command History'];
const OBFUSCATION: [string, string] = ['T1027', 'Obfuscated Files or Information'];
const POWERSHELL: [string, string] = ['T1059.001', 'Command and Scripting Interpreter: PowerShell'];
const ARCHIVE: [string, string] = ['T1560.001', 'Archive Collected Data: Archive via Utility'];
const TRANSFER: [string, string] = ['T1105', 'Ingress Tool Transfer'];
const CLOUD: [string, string] = ['T1567.002', 'Exfiltration to Cloud Storage'];
const DELETE: [string, string] = ['T1070.004', 'Indicator Removal: File Deletion'];
const DISCOVERY: [string, string] = ['T1087', 'Account Discovery'];

/** Every pattern, most specific first. */
export const commandPatterns: readonly CommandPattern[] = [
  p('defender-disabled', 'Microsoft Defender protection turned off', IMPAIR, 'high', [
    'set-mppreference -disable',
    'disablerealtimemonitoring',
    'disableioavprotection',
    'disablebehaviormonitoring',
    'disablescriptscanning',
  ]),
  p('defender-exclusion', 'Defender exclusion added', IMPAIR, 'high', [
    'add-mppreference -exclusion',
  ]),
  p('security-service-stopped', 'Security service stopped', IMPAIR, 'high', [
    'stop-service windefend',
    'sc stop windefend',
    'sc config windefend',
  ]),
  p('event-log-cleared', 'Windows event log cleared', CLEAR_LOGS, 'high', [
    'wevtutil cl',
    'wevtutil.exe cl',
    'clear-eventlog',
    '.clearlog(',
    'remove-eventlog',
  ]),
  p('history-removed', 'PowerShell history deleted', HISTORY, 'medium', [
    'historysavepath',
    'clear-history',
  ]),
  p('encoded-command', 'Encoded command line', OBFUSCATION, 'medium', [
    '-encodedcommand',
    ' -enc ',
    'frombase64string',
  ]),
  p('hidden-bypass', 'Hidden window or execution policy bypass', POWERSHELL, 'low', [
    '-w hidden',
    '-windowstyle hidden',
    '-executionpolicy bypass',
    '-ep bypass',
  ]),
  p('download-cradle', 'Download and run from the internet', TRANSFER, 'high', [
    'downloadstring(',
    'downloadfile(',
    'invoke-webrequest',
    'iwr http',
    'start-bitstransfer',
  ]),
  p('archive', 'Files archived', ARCHIVE, 'medium', [
    'compress-archive',
    '7z.exe" a',
    '7z a ',
    'rar.exe a',
  ]),
  p('cloud-sync', 'Files copied to a personal cloud drive', CLOUD, 'high', [
    'rclone',
    'megacmd',
    'mega-put',
  ]),
  p('bulk-delete', 'Folders deleted recursively', DELETE, 'medium', [
    'rd /s /q',
    'rmdir /s /q',
    'remove-item -recurse',
    'del /s /q',
  ]),
  p('account-discovery', 'Accounts and groups listed', DISCOVERY, 'low', [
    'net user /domain',
    'net group "domain admins"',
    'get-aduser -filter',
  ]),
];

/** Every needle of every pattern, for the candidate search in SQL. */
export const allCommandNeedles: readonly string[] = [
  ...new Set(commandPatterns.flatMap((pattern) => pattern.needles)),
];

/** The patterns a command (and its decoded form) matches. */
export function matchCommandPatterns(
  ...texts: ReadonlyArray<string | null | undefined>
): CommandPattern[] {
  const haystack = texts
    .filter((text): text is string => typeof text === 'string')
    .join('\n')
    .toLowerCase();
  return commandPatterns.filter((pattern) =>
    pattern.needles.some((needle) => haystack.includes(needle)),
  );
}

/** A pattern by id. */
export function commandPatternById(id: string): CommandPattern | undefined {
  return commandPatterns.find((pattern) => pattern.id === id);
}
