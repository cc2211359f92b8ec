import { compileMatcher } from '../../db/sql-functions';

/*
 * A rule's regular expression is written in JavaScript syntax. It runs on RE2 (re2js: linear in
 * the text, so no pattern can backtrack for minutes) through vigil_matches on SQLite
 * (db/sql-functions.ts), and as a PostgreSQL ARE (`~`, `~*`) on PostgreSQL. Rules may use the
 * core all three flavours can express, the one the Sigma specification names (literals, `.`,
 * `^`, `$`, `* + ? {n,m}` and their lazy forms, classes, `|`, groups), plus `\d \s \w` and their
 * negations, `\t \n \r \f \v`, `\b \B`, `\xHH`, `\uHHHH` and escaped punctuation. Everything
 * else is refused rather than run with another meaning on one engine: back references,
 * look-around, named groups, POSIX classes, other letter escapes, an unescaped `{`, a class
 * starting with `]`.
 * Both texts spell JavaScript's meaning out, since the flavours differ inside the core:
 * `\d \w \s` and `\b` are ASCII (and JavaScript's white space) as in JavaScript, not the
 * locale's or Unicode's classes; `.` without the s flag excludes the four line terminators; with
 * the m flag `^` and `$` also match at \r, \u2028 and \u2029 as JavaScript's do. RE2 cannot look
 * ahead, so under the m flag `$` must end the pattern (or an alternative that ends it), where
 * matching the line end itself means the same; elsewhere it is refused on both engines alike, as
 * is a pattern RE2 cannot hold (repetitions nested past 1,000). What stays different:
 * case-insensitive matching of non-ASCII letters (Unicode's folding on RE2, the database's
 * locale on PostgreSQL), and a character outside the BMP is one character, not two.
 */

/** The flags a rule's regular expression may carry: ignore case, multi-line, dot-all. */
export const REGEX_FLAGS = ['i', 'm', 's'] as const;

/** The longest pattern a rule may carry. */
export const MAX_PATTERN_LENGTH = 1000;

/** PostgreSQL rejects repetition bounds above 255 (RE_DUP_MAX). */
const MAX_BOUND = 255;

class Refused extends Error {}

const refuse = (message: string): never => {
  throw new Refused(message);
};

const isAlphanumeric = (c: string) => /^[A-Za-z0-9]$/.test(c);

/** How a target engine spells what differs between PostgreSQL's ARE and RE2. */
interface Flavour {
  codePoint: (hex: string) => string;
  wordBoundary: string;
  notWordBoundary: string;
  /** `.` under the s flag. */
  anyCharacter: string;
  /** `$` under the m flag where nothing follows it, so it may consume the line end. */
  lineEnd: (terminators: string) => string;
}

const WORD = '[A-Za-z0-9_]';

const POSTGRES: Flavour = {
  codePoint: (hex) =>
    hex.length > 4 ? `\\U${hex.padStart(8, '0')}` : `\\u${hex.padStart(4, '0')}`,
  wordBoundary: `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`,
  notWordBoundary: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`,
  anyCharacter: '.',
  lineEnd: (terminators) => `(?:$|(?=[${terminators}]))`,
};

// RE2's \b and \B are ASCII, as JavaScript's are without the u flag.
const RE2: Flavour = {
  codePoint: (hex) => `\\x{${hex}}`,
  wordBoundary: '\\b',
  notWordBoundary: '\\B',
  anyCharacter: '(?s:.)',
  lineEnd: (terminators) => `(?:$|[${terminators}])`,
};

/** JavaScript's classes as bracket contents (a locale's and Unicode's classes differ). */
function classContents(c: 'd' | 's' | 'w', flavour: Flavour): string {
  if (c === 'd') return '0-9';
  if (c === 'w') return 'A-Za-z0-9_';
  const u = flavour.codePoint;
  return `\\t\\n\\v\\f\\r ${u('00a0')}${u('1680')}${u('2000')}-${u('200a')}${u('2028')}${u('2029')}${u('202f')}${u('205f')}${u('3000')}${u('feff')}`;
}

const lineTerminators = (flavour: Flavour) =>
  `\\n\\r${flavour.codePoint('2028')}${flavour.codePoint('2029')}`;

/** Reads an escape at `pattern[i] === '\\'`; returns the target's text and the next index. */
function escape(pattern: string, i: number, inClass: boolean, flavour: Flavour): [string, number] {
  const c = pattern[i + 1] ?? '';
  const lower = c.toLowerCase() as 'd' | 's' | 'w';
  if ('dsw'.includes(c) && c !== '') {
    const contents = classContents(lower, flavour);
    return [inClass ? contents : `[${contents}]`, i + 2];
  }
  if ('DSW'.includes(c) && c !== '') {
    if (inClass) refuse(`"\\${c}" inside a character class is not supported`);
    return [`[^${classContents(lower, flavour)}]`, i + 2];
  }
  if ('tnrfv'.includes(c) && c !== '') return [`\\${c}`, i + 2];
  if (c === 'b' || c === 'B') {
    if (inClass) {
      refuse('"\\b" inside a character class (a backspace in JavaScript) is not supported');
    }
    return [c === 'b' ? flavour.wordBoundary : flavour.notWordBoundary, i + 2];
  }
  if (c === 'x') {
    const hex = /^[0-9A-Fa-f]{2}/.exec(pattern.slice(i + 2));
    if (!hex) refuse('"\\x" must be followed by two hexadecimal digits');
    return [flavour.codePoint(hex![0]), i + 4];
  }
  if (c === 'u') {
    const hex = /^[0-9A-Fa-f]{4}/.exec(pattern.slice(i + 2));
    if (!hex) refuse('"\\u" must be followed by four hexadecimal digits');
    return [flavour.codePoint(hex![0]), i + 6];
  }
  if (/[1-9]/.test(c)) refuse(`the back reference "\\${c}" is not supported`);
  if (isAlphanumeric(c)) refuse(`the escape "\\${c}" is not supported`);
  // JavaScript reads "\é" as "é"; RE2 escapes only ASCII punctuation.
  const code = pattern.codePointAt(i + 1) ?? 0;
  if (code > 0x7f) return [flavour.codePoint(code.toString(16)), i + (code > 0xffff ? 3 : 2)];
  return [`\\${c}`, i + 2];
}

/** Reads a class at `pattern[i] === '['`; returns the target's text and the next index. */
function characterClass(pattern: string, start: number, flavour: Flavour): [string, number] {
  let i = start + 1;
  let out = '[';
  if (pattern[i] === '^') {
    out += '^';
    i++;
  }
  if (pattern[i] === ']') refuse('a character class may not start with "]"; write "\\]"');
  const first = i;
  // JavaScript reads "[\d-z]" as three items where PostgreSQL fails on a bad range.
  let previousWasShorthand = false;
  let previousWasRangeDash = false;
  while (i < pattern.length && pattern[i] !== ']') {
    const c = pattern[i]!;
    if (c === '[' && /[:.=]/.test(pattern[i + 1] ?? '')) {
      refuse(`POSIX classes such as "[${pattern[i + 1]}" are not supported`);
    }
    if (c === '\\') {
      const shorthand = 'dswDSW'.includes(pattern[i + 1] ?? '');
      if (shorthand && previousWasRangeDash) {
        refuse('a range may not end with a class escape such as "\\d"');
      }
      const [text, next] = escape(pattern, i, true, flavour);
      out += text;
      i = next;
      previousWasShorthand = shorthand;
      previousWasRangeDash = false;
      continue;
    }
    const rangeDash = c === '-' && i !== first && pattern[i + 1] !== ']';
    if (rangeDash && previousWasShorthand) {
      refuse('a range may not start with a class escape such as "\\d"');
    }
    out += c;
    i++;
    previousWasShorthand = false;
    previousWasRangeDash = rangeDash;
  }
  return [`${out}]`, i + 1];
}

/** Reads a `{n}`, `{n,}` or `{n,m}` at `pattern[i] === '{'`. */
function bound(pattern: string, i: number): [string, number] {
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!match) refuse('a literal "{" must be escaped as "\\{"');
  const numbers = [match![1], match![3]].filter((n) => n !== undefined && n !== '').map(Number);
  if (numbers.some((n) => n > MAX_BOUND)) refuse(`a repetition bound is at most ${MAX_BOUND}`);
  return [match![0], i + match![0].length];
}

/** The index just past the item at `i` (an escape, a class, a character); for skipping. */
function skipItem(pattern: string, i: number): number {
  if (pattern[i] === '\\') return i + 2;
  if (pattern[i] !== '[') return i + 1;
  let j = i + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  while (j < pattern.length && pattern[j] !== ']') j = pattern[j] === '\\' ? j + 2 : j + 1;
  return j + 1;
}

/**
 * Whether nothing can follow a `$` at `i` in a match: after it come only closing parentheses
 * (none repeated) and alternatives, up to the end of the pattern.
 */
function nothingFollows(pattern: string, i: number): boolean {
  let j = i + 1;
  while (j < pattern.length) {
    const c = pattern[j]!;
    if (c === ')') {
      if (/[*+?{]/.test(pattern[j + 1] ?? '')) return false;
      j++;
    } else if (c === '|') {
      // The rest of this group is another alternative: skip to its closing parenthesis.
      let depth = 0;
      j++;
      while (j < pattern.length && !(pattern[j] === ')' && depth === 0)) {
        if (pattern[j] === '(') depth++;
        if (pattern[j] === ')') depth--;
        j = skipItem(pattern, j);
      }
    } else return false;
  }
  return true;
}

function translate(pattern: string, flags: string, flavour: Flavour): string {
  const terminators = lineTerminators(flavour);
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    let text: string;
    if (c === '\\') [text, i] = escape(pattern, i, false, flavour);
    else if (c === '[') [text, i] = characterClass(pattern, i, flavour);
    else if (c === '{') [text, i] = bound(pattern, i);
    else if (c === '(' && pattern[i + 1] === '?') {
      if (pattern[i + 2] !== ':') {
        refuse(
          pattern[i + 2] === '=' || pattern[i + 2] === '!' || pattern[i + 2] === '<'
            ? 'look-around and named groups ("(?=", "(?!", "(?<") are not supported'
            : `the group "(?${pattern[i + 2] ?? ''}" is not supported`,
        );
      }
      [text, i] = ['(?:', i + 3];
    } else if (c === '.') {
      [text, i] = [flags.includes('s') ? flavour.anyCharacter : `[^${terminators}]`, i + 1];
    } else if (c === '^' && flags.includes('m')) {
      [text, i] = [`(?:^|(?<=[${terminators}]))`, i + 1];
    } else if (c === '$' && flags.includes('m')) {
      if (!nothingFollows(pattern, i)) {
        refuse(
          'with the m flag, "$" must end the pattern or one of its alternatives; to match a line end in the middle, write "[\\r\\n]"',
        );
      }
      [text, i] = [flavour.lineEnd(terminators), i + 1];
    } else {
      const character = String.fromCodePoint(pattern.codePointAt(i)!);
      [text, i] = [character, i + character.length];
    }
    out += text;
  }
  return out;
}

function checkFlags(flags: string): void {
  for (const flag of flags) {
    if (!(REGEX_FLAGS as readonly string[]).includes(flag)) {
      refuse(`the flag "${flag}" is not supported; use i, m or s`);
    }
  }
  if (new Set(flags).size !== flags.length) refuse('a flag is repeated');
}

/**
 * Why a pattern cannot be a rule's regular expression, or null when both engines run it with
 * the same meaning: it must compile in JavaScript, stay inside the common core and fit RE2.
 */
export function regexProblem(pattern: string, flags = ''): string | null {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH) {
    return `a pattern is 1 to ${MAX_PATTERN_LENGTH} characters`;
  }
  try {
    checkFlags(flags);
    new RegExp(pattern, flags);
  } catch (error) {
    if (error instanceof Refused) return error.message;
    return `not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
  let re2: { pattern: string; caseInsensitive: boolean };
  try {
    translate(pattern, flags, POSTGRES);
    re2 = re2Regex(pattern, flags);
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
  try {
    compileMatcher(re2.pattern, re2.caseInsensitive ? 'i' : '');
    return null;
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    return `the pattern is too large for a linear-time engine (${reason}): nest fewer repetitions`;
  }
}

/**
 * The PostgreSQL ARE with the same meaning as a JavaScript pattern that passed
 * {@link regexProblem}, and whether to match it case-insensitively (`~*`).
 */
export function postgresRegex(
  pattern: string,
  flags = '',
): { pattern: string; caseInsensitive: boolean } {
  return { pattern: translate(pattern, flags, POSTGRES), caseInsensitive: flags.includes('i') };
}

/**
 * The RE2 pattern with the same meaning as a JavaScript pattern that passed
 * {@link regexProblem} (for vigil_matches), and whether to match it case-insensitively.
 */
export function re2Regex(
  pattern: string,
  flags = '',
): { pattern: string; caseInsensitive: boolean } {
  return { pattern: translate(pattern, flags, RE2), caseInsensitive: flags.includes('i') };
}
