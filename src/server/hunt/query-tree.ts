/**
 * A hunting query, parsed and checked: what the compilers (SQL, rule filter, Sigma) read.
 * Positions are 1-based columns of the query text, for the sentences that name them.
 */
export type HuntNode =
  | { kind: 'and'; parts: HuntNode[] }
  | { kind: 'or'; parts: HuntNode[] }
  | { kind: 'not'; part: HuntNode }
  | HuntTerm
  | HuntRange;

/** One value of one field (`field` null: free text over the event's searchable text). */
export interface HuntTerm {
  kind: 'term';
  field: string | null;
  /** The value with escapes removed; with `wildcard`, `*` and `?` stand for any text or character. */
  value: string;
  /** Wildcards as a LIKE pattern body (`%`, `_`, literal `\%` `\_` `\\`), when `wildcard`. */
  pattern: string;
  wildcard: boolean;
  quoted: boolean;
}

/** `field:[min TO max]`; a null end is open. */
export interface HuntRange {
  kind: 'range';
  field: string;
  min: string | null;
  max: string | null;
  minInclusive: boolean;
  maxInclusive: boolean;
}

/** Every term of a tree (to guard the values a query searches for names). */
export function termsOf(node: HuntNode): Array<HuntTerm | HuntRange> {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.parts.flatMap(termsOf);
    case 'not':
      return termsOf(node.part);
    default:
      return [node];
  }
}
