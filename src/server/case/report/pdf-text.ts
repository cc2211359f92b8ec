/**
 * The PDF uses the standard Helvetica and Courier that every PDF reader has (pdfkit ships their
 * metrics), so nothing is downloaded or embedded. Those fonts speak WinAnsi: Latin-1 and a few
 * typographic marks. Everything else is spelled in ASCII where a spelling exists, and shown as
 * `?` otherwise; the HTML report and the export's CSV and JSON keep the text exactly.
 */

/** The code points above Latin-1 that WinAnsi holds (curly quotes, dashes, €, …). */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a,
  0x20ac, 0x2122,
]);

const SPELLED: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '−': '-',
  '✓': 'v',
  '✗': 'x',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

/** Text the standard fonts can draw: control characters dropped, the rest spelled or `?`. */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a) out += '\n';
    else if (code === 0x09) out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code < 0x100 || WIN_ANSI_EXTRA.has(code)) out += char;
    else out += SPELLED[char] ?? '?';
  }
  return out;
}
