import { z } from 'zod';

/** A zod issue while its message is being chosen (the raw input is still on it). */
type RawIssue = z.core.$ZodRawIssue;

/** How a person reads a JSON type name. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'nothing (null)',
  undefined: 'nothing',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'Enter a valid email address.',
  url: 'Enter a full address, such as https://example.com.',
  uuid: 'Enter an id in the UUID form.',
  date: 'Enter a date as YYYY-MM-DD.',
  datetime: 'Enter a date and time in ISO 8601 with its offset, such as 2026-11-01T09:30:00Z.',
  time: 'Enter a time as HH:MM.',
};

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && !Number.isInteger(input)) return 'number';
  return typeof input;
}

const plural = (count: number | bigint, one: string, many: string) =>
  `${count.toString()} ${Number(count) === 1 ? one : many}`;

/** The unit a size limit counts in, by what was measured. */
function sized(origin: string | undefined, count: number | bigint): string {
  if (origin === 'string') return plural(count, 'character', 'characters');
  if (origin === 'array' || origin === 'set') return plural(count, 'item', 'items');
  if (origin === 'file') return plural(count, 'byte', 'bytes');
  return count.toString();
}

/**
 * A sentence a person can act on for each kind of zod issue a schema did not word itself
 * ("Enter at most 200 characters." rather than "Too big: expected string to have <=200
 * characters"). It does not name the field: the server's reply puts the field's name before it,
 * and a form shows it beside the field.
 */
export function issueSentence(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'This is required.';
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      const received = TYPE_WORDS[typeOf(issue.input)] ?? typeOf(issue.input);
      return `Enter ${expected}, not ${received}.`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Use ${JSON.stringify(issue.values[0])}.`
        : `Choose one of: ${issue.values.map((v) => String(v)).join(', ')}.`;
    case 'too_big': {
      const limit = sized(issue.origin, issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return issue.exact ? `Enter exactly ${limit}.` : `Enter at most ${limit}.`;
      return issue.inclusive === false ? `Enter less than ${limit}.` : `Enter at most ${limit}.`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return 'This must not be empty.';
      if ((issue.origin === 'array' || issue.origin === 'set') && Number(issue.minimum) === 1)
        return 'Choose at least one.';
      const limit = sized(issue.origin, issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return issue.exact ? `Enter exactly ${limit}.` : `Enter at least ${limit}.`;
      return issue.inclusive === false ? `Enter more than ${limit}.` : `Enter at least ${limit}.`;
    }
    case 'invalid_format':
      return FORMAT_WORDS[issue.format] ?? 'This is not in the expected form.';
    case 'not_multiple_of':
      return `Enter a multiple of ${issue.divisor.toString()}.`;
    case 'unrecognized_keys':
      return `Unrecognized ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((k) => `"${k}"`).join(', ')}: this request does not take ${issue.keys.length === 1 ? 'it' : 'them'}.`;
    case 'invalid_union':
      return 'This is not in any of the accepted forms.';
    case 'invalid_key':
      return 'A key of this is not valid.';
    case 'invalid_element':
      return 'A value in this is not valid.';
    default:
      return undefined;
  }
}

// Every schema (server and client alike) words its default messages as sentences. A schema's own
// message still wins: zod asks this map only when the schema gave none.
z.config({ customError: issueSentence });
