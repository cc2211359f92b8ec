/**
 * PowerShell's `-EncodedCommand` takes base64 of UTF-16LE text; attackers use it to hide what
 * runs. PowerShell accepts any unambiguous prefix of the parameter (`-e`, `-ec`, `-en`, `-enc`,
 * ... `-encodedcommand`) with `-` or `/`.
 */
const ENCODED_ARGUMENT =
  /(?:^|[\s"'])[-/](?:e|ec|en|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand)\s+["']?([A-Za-z0-9+/]{8,}={0,2})/gi;

/**
 * The decoded text of every `-EncodedCommand` argument in a command line or script, joined by
 * newlines; null when there is none or it does not decode to readable UTF-16LE text.
 */
export function decodeEncodedCommands(commandLine: string): string | null {
  const decoded: string[] = [];
  for (const match of commandLine.matchAll(ENCODED_ARGUMENT)) {
    const text = decodeUtf16Base64(match[1]!);
    if (text !== null) decoded.push(text);
  }
  return decoded.length > 0 ? decoded.join('\n') : null;
}

function decodeUtf16Base64(value: string): string | null {
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length < 2) return null;
  const text = bytes.subarray(0, bytes.length - (bytes.length % 2)).toString('utf16le');
  // Base64 of something else (a hash, a key) decodes to noise, often CJK-looking characters.
  // Commands are mostly ASCII even when they quote other scripts, so require 90% Latin text.
  let readable = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (
      code === 9 ||
      code === 10 ||
      code === 13 ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0x24f)
    ) {
      readable += 1;
    }
  }
  return readable / text.length >= 0.9 ? text : null;
}
