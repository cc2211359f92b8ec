/*
 * A rule's regular expression runs as JavaScript on SQLite (db/sql-functions.ts) and as a
 * PostgreSQL ARE (`~`, `~*`) on PostgreSQL. Rules may use the core both flavours can express,
 * the one the Sigma specification names (literals, `.`, `^`, `$`, `* + ? {n,m}` and their lazy
 * forms, classes, `|`, groups), plus `\d \s \w` and their negations, `\t \n \r \f \v`,
 * `\b \B`, `\xHH`, `\uHHHH` and escaped punctuation. Everything else is refused rather than
 * run with another meaning on one engine: back references, look-around, named groups, POSIX
 * classes, other letter escapes, an unescaped `{`, a class starting with `]`.
 * The PostgreSQL text is JavaScript's meaning spelled out, since the flavours differ inside
 * the core: `\d \w \s` and `\b` are ASCII (and JavaScript's white space) as in JavaScript, not
 * the locale's classes; `.` without the s flag excludes the four line terminators; with the m
 * flag `^` and `$` also match at \r, \u2028 and \u2029 as JavaScript's do; `\xHH` is `\u00HH`.
 * What stays different: case-insensitive matching of non-ASCII letters follows the database's
 * locale on PostgreSQL, and characters outside the BMP count as two in JavaScript.
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

/** JavaScript's classes as PostgreSQL bracket contents (a locale's classes differ). */
const CLASS_CONTENTS: Readonly<Record<string, string>> = {
  d: '0-9',
  w: 'A-Za-z0-9_',
  s: '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff',
};
const LINE_TERMINATORS = '\\n\\r\\u2028\\u2029';
const DOT_WITHOUT_S = `[^${LINE_TERMINATORS}]`;
const WORD = '[A-Za-z0-9_]';
const WORD_BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;
const NOT_WORD_BOUNDARY = `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`;

/** Reads an escape at `pattern[i] === '\\'`; returns the PostgreSQL text and the next index. */
function escape(pattern: string, i: number, inClass: boolean): [string, number] {
  const c = pattern[i + 1] ?? '';
  const lower = c.toLowerCase();
  if ('dsw'.includes(c) && c !== '') {
    return [inClass ? CLASS_CONTENTS[c]! : `[${CLASS_CONTENTS[c]!}]`, i + 2];
  }
  if ('DSW'.includes(c) && c !== '') {
    if (inClass) refuse(`"\\${c}" inside a character class is not supported`);
    return [`[^${CLASS_CONTENTS[lower]!}]`, i + 2];
  }
  if ('tnrfv'.includes(c) && c !== '') return [`\\${c}`, i + 2];
  if (c === 'b' || c === 'B') {
    if (inClass) {
      refuse('"\\b" inside a character class (a backspace in JavaScript) is not supported');
    }
    return [c === 'b' ? WORD_BOUNDARY : NOT_WORD_BOUNDARY, i + 2];
  }
  if (c === 'x') {
    const hex = /^[0-9A-Fa-f]{2}/.exec(pattern.slice(i + 2));
    if (!hex) refuse('"\\x" must be followed by two hexadecimal digits');
    return [`\\u00${hex![0]}`, i + 4];
  }
  if (c === 'u') {
    const hex = /^[0-9A-Fa-f]{4}/.exec(pattern.slice(i + 2));
    if (!hex) refuse('"\\u" must be followed by four hexadecimal digits');
    return [`\\u${hex![0]}`, i + 6];
  }
  if (/[1-9]/.test(c)) refuse(`the back reference "\\${c}" is not supported`);
  if (isAlphanumeric(c)) refuse(`the escape "\\${c}" is not supported`);
  return [`\\${c}`, i + 2];
}

/** Reads a class at `pattern[i] === '['`; returns its PostgreSQL text and the next index. */
function characterClass(pattern: string, start: number): [string, number] {
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
      const [text, next] = escape(pattern, i, true);
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

function translate(pattern: string, flags: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    let text: string;
    if (c === '\\') [text, i] = escape(pattern, i, false);
    else if (c === '[') [text, i] = characterClass(pattern, i);
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
    } else if (c === '.') [text, i] = [flags.includes('s') ? '.' : DOT_WITHOUT_S, i + 1];
    else if (c === '^' && flags.includes('m')) {
      [text, i] = [`(?:^|(?<=[${LINE_TERMINATORS}]))`, i + 1];
    } else if (c === '$' && flags.includes('m')) {
      [text, i] = [`(?:$|(?=[${LINE_TERMINATORS}]))`, i + 1];
    } else [text, i] = [c, i + 1];
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
 * the same meaning: it must compile in JavaScript and stay inside the common core.
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
  try {
    translate(pattern, flags);
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
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
  return { pattern: translate(pattern, flags), caseInsensitive: flags.includes('i') };
}
