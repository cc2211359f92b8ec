import { describe, expect, it } from 'vitest';

import { parseWhen } from '../../../src/shared/keymap/when-clause';
import { whenClausesCanOverlap } from '../../../src/shared/keymap/when-overlap';

function overlap(left: string | undefined, right: string | undefined): boolean {
  const parse = (source: string | undefined) => {
    if (source === undefined) return undefined;
    const parsed = parseWhen(source);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.expression;
  };
  return whenClausesCanOverlap(parse(left), parse(right));
}

describe('whether two when clauses can both hold', () => {
  it('treats a missing clause as always true', () => {
    expect(overlap(undefined, undefined)).toBe(true);
    expect(overlap(undefined, 'listFocus')).toBe(true);
    expect(overlap(undefined, 'false')).toBe(false);
  });

  it('sees a key and its negation as exclusive', () => {
    expect(overlap('listFocus && !inputFocus', '!listFocus')).toBe(false);
    expect(overlap('listFocus', 'inputFocus')).toBe(true);
  });

  it('sees different values of one key as exclusive', () => {
    expect(overlap("view == 'incident'", "view == 'mitre'")).toBe(false);
    expect(overlap("view == 'incident'", "view != 'incident'")).toBe(false);
    expect(overlap("view == 'incident'", "view != 'mitre'")).toBe(true);
    expect(overlap("view == 'incident'", '!view')).toBe(false);
    expect(overlap("investigationId == ''", 'investigationId')).toBe(false);
  });

  it('sees numeric ranges that do not meet as exclusive', () => {
    expect(overlap('selectionCount > 0', 'selectionCount == 0')).toBe(false);
    expect(overlap('tabCount < 2', 'tabCount >= 2')).toBe(false);
    expect(overlap('tabCount <= 2', '2 <= tabCount')).toBe(true);
    expect(overlap('!(selectionCount > 0)', 'selectionCount > 0')).toBe(false);
  });

  it('needs every alternative of an || to be ruled out', () => {
    expect(overlap("view == 'incident' || listFocus", '!listFocus')).toBe(true);
    expect(overlap("view == 'incident' || listFocus", "!listFocus && view == 'mitre'")).toBe(false);
    expect(overlap('!(a || b)', 'a')).toBe(false);
  });

  it('assumes an overlap for comparisons it cannot reason about', () => {
    expect(overlap('a == b', 'c')).toBe(true);
    expect(overlap('a == b', '!(a == b)')).toBe(false);
  });
});
