/**
 * The filter language of detection rules: conditions on one normalized field, combined with
 * `all`, `any` and `not`. Lists can come from the detection configuration (`{ "config":
 * "sensitiveLabels" }`) so that a rule follows what the configuration screen says.
 */
export type Filter = { all: Filter[] } | { any: Filter[] } | { not: Filter } | Condition;

/** Lists of the detection configuration a rule may refer to. */
export const configLists = [
  'sensitiveLabels',
  'personalEmailDomains',
  'companyDomains',
  'competitorDomains',
] as const;
export type ConfigListName = (typeof configLists)[number];

/** A list written in the rule, or one taken from the configuration. */
export type ListValue = Array<string | number> | { config: ConfigListName };

/**
 * A regular expression in the subset both engines run the same way (see regex-subset.ts),
 * JavaScript syntax, with the flags `i` (ignore case), `m` (multi-line) and `s` (dot-all).
 * Like JavaScript's `test`, it matches anywhere in the value unless anchored.
 */
export interface RegexOperand {
  pattern: string;
  flags?: string;
}

/**
 * One test of one field. Exactly one operator per condition. Text tests are case-sensitive
 * for `eq`/`in` (normalized values are lower-case already) and case-insensitive for
 * `equalsAny`, `containsAny`, `startsWithAny` and `endsWithAny`.
 */
export interface Condition {
  field: string;
  eq?: string | number | boolean;
  ne?: string | number | boolean;
  in?: ListValue;
  notIn?: ListValue;
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
  isNull?: boolean;
  containsAny?: string[];
  startsWithAny?: string[];
  endsWithAny?: string[];
  /** The whole value is one of these texts, ignoring case (source values keep their case). */
  equalsAny?: string[];
  /** A regular expression finds a match in the value. */
  matches?: RegexOperand;
  /** The value is an IPv4 or IPv6 address inside one of these networks (`10.0.0.0/8`). */
  cidr?: string[];
  /** For list fields (email_domains, email_recipients): any element is in the list. */
  hasAnyOf?: ListValue;
}

/** Every operator, and the field kinds it applies to. */
export const operators = {
  eq: ['text', 'number', 'boolean'],
  ne: ['text', 'number', 'boolean'],
  in: ['text', 'number'],
  notIn: ['text', 'number'],
  gt: ['number'],
  gte: ['number'],
  lt: ['number'],
  lte: ['number'],
  isNull: ['text', 'number', 'boolean', 'list'],
  containsAny: ['text'],
  startsWithAny: ['text'],
  endsWithAny: ['text'],
  equalsAny: ['text'],
  matches: ['text'],
  cidr: ['text'],
  hasAnyOf: ['list'],
} as const;
export type Operator = keyof typeof operators;
