import { matchCommandPatterns } from './powershell-patterns';

/** Longest command shown whole; longer scripts are cut to the lines that matter. */
export const MAX_COMMAND = 2000;

const ENCODED =
  /(?:^|\s)-(?:e|ec|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand)\s+([A-Za-z0-9+/=]{8,})/i;

/** Decodes PowerShell's -EncodedCommand (base64 of UTF-16LE), or null. */
export function decodeEncodedCommand(commandLine: string): string | null {
  const match = ENCODED.exec(commandLine);
  if (!match?.[1]) return null;
  try {
    const text = Buffer.from(match[1], 'base64').toString('utf16le');
    // eslint-disable-next-line no-control-regex -- a decode that yields control characters was not UTF-16 text
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

const SECRETS: ReadonlyArray<[RegExp, string]> = [
  [
    /(-(?:password|pass|pwd|token|apikey|secret|credential)\s+)("[^"]*"|'[^']*'|\S+)/gi,
    '$1«masked»',
  ],
  [/(convertto-securestring\s+)("[^"]*"|'[^']*'|\S+)/gi, '$1«masked»'],
  [/(\/p(?:assword)?[:=])\S+/gi, '$1«masked»'],
  [
    /((?:password|pwd|secret|token|api[_-]?key)\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s;]+)/gi,
    '$1«masked»',
  ],
  [
    /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|xox[abpr]-[A-Za-z0-9-]{10,}|eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\b/g,
    '«masked token»',
  ],
  [/([A-Za-z]:\\Users\\)[^\\\s"']+/gi, '$1<user>'],
  [/(\/home\/|\/Users\/)[^/\s"']+/g, '$1<user>'],
];

/** Masks passwords, tokens and the user's own name in paths. */
export function maskSecrets(command: string): string {
  return SECRETS.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, replacement),
    command,
  );
}

/** A long script cut to the lines that match a suspicious pattern, with a line around each. */
export function excerpt(script: string, max = MAX_COMMAND): { text: string; truncated: boolean } {
  if (script.length <= max) return { text: script, truncated: false };
  const lines = script.split(/\r?\n/);
  const keep = new Set<number>();
  lines.forEach((line, i) => {
    if (matchCommandPatterns(line).length)
      for (const j of [i - 1, i, i + 1]) if (j >= 0 && j < lines.length) keep.add(j);
  });
  if (keep.size === 0) return { text: `${script.slice(0, max)}…`, truncated: true };
  const out: string[] = [];
  let previous = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (i > previous + 1) out.push(`… (${i - previous - 1} lines)`);
    out.push(lines[i] ?? '');
    previous = i;
  }
  if (previous < lines.length - 1) out.push(`… (${lines.length - 1 - previous} lines)`);
  const text = out.join('\n');
  return { text: text.length > max ? `${text.slice(0, max)}…` : text, truncated: true };
}

/**
 * A command as an investigator should read it: decoded when it was encoded (the decoded form
 * follows the original), secrets and user names masked, blank runs folded, long scripts cut
 * to what matters.
 */
export function normalizeCommand(
  commandLine: string,
  decodedAttribute?: string | null,
): { command: string; decoded: boolean; truncated: boolean } {
  const decoded = decodedAttribute ?? decodeEncodedCommand(commandLine);
  const shown = decoded
    ? `${commandLine.replace(/([A-Za-z0-9+/=]{24})[A-Za-z0-9+/=]{16,}/, '$1…')}\n⇒ decoded: ${decoded}`
    : commandLine;
  const folded = shown
    .replace(/[ \t]+/g, ' ')
    .replace(/(\r?\n){3,}/g, '\n\n')
    .trim();
  const { text, truncated } = excerpt(maskSecrets(folded));
  return { command: text, decoded: Boolean(decoded), truncated };
}
