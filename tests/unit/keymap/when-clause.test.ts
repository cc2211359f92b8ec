import { describe, expect, it } from 'vitest';

import type { WhenContext, WhenExpression } from '../../../src/shared/keymap/when-clause';
import {
  evaluateWhen,
  formatWhen,
  parseWhen,
  whenIdentifiers,
  whenStringComparisons,
} from '../../../src/shared/keymap/when-clause';

function clause(source: string): WhenExpression {
  const parsed = parseWhen(source);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.expression;
}

function holds(source: string, context: WhenContext): boolean {
  return evaluateWhen(clause(source), context);
}

function failure(source: string) {
  const parsed = parseWhen(source);
  if (parsed.ok) throw new Error(`"${source}" parsed`);
  return parsed.error;
}

describe('when clauses', () => {
  it('reads a key alone as "is truthy"', () => {
    expect(holds('investigationId', { investigationId: 'inv-1' })).toBe(true);
    expect(holds('investigationId', { investigationId: '' })).toBe(false);
    expect(holds('listFocus', {})).toBe(false);
  });

  it('binds ! tighter than comparisons, comparisons tighter than &&, && tighter than ||', () => {
    expect(formatWhen(clause('a || b && c'))).toBe('a || b && c');
    expect(holds('a || b && c', { a: true, b: false, c: false })).toBe(true);
    expect(holds('(a || b) && c', { a: true, b: false, c: false })).toBe(false);
    expect(holds('!a && b', { a: false, b: true })).toBe(true);
    expect(holds('!a == false', { a: true })).toBe(true);
    expect(holds("!(view == 'incident')", { view: 'incident' })).toBe(false);
  });

  it('compares strings, numbers and booleans', () => {
    expect(holds("view == 'incident'", { view: 'incident' })).toBe(true);
    expect(holds('view != "incident"', { view: 'mitre' })).toBe(true);
    expect(holds('selectionCount > 0', { selectionCount: 2 })).toBe(true);
    expect(holds('tabCount <= 1', { tabCount: 1 })).toBe(true);
    expect(holds('tabCount >= 2 && tabCount < 3', { tabCount: 2 })).toBe(true);
    expect(holds('isAdmin == true', { isAdmin: true })).toBe(true);
    expect(holds('delta > -1', { delta: 0 })).toBe(true);
  });

  it('never passes a numeric test on a missing or non-numeric value', () => {
    expect(holds('selectionCount > 0', {})).toBe(false);
    expect(holds('selectionCount <= 0', {})).toBe(false);
    expect(holds("view < 'z'", { view: 'a' })).toBe(false);
  });

  it('reads quoted strings with escapes', () => {
    expect(holds("name == 'it\\'s'", { name: "it's" })).toBe(true);
    expect(formatWhen(clause('name == "it\'s"'))).toBe("name == 'it\\'s'");
  });

  it('lists the keys a clause reads, once each', () => {
    expect(
      whenIdentifiers(clause('listFocus && !inputFocus || listFocus && tabCount > 1')),
    ).toEqual(['listFocus', 'inputFocus', 'tabCount']);
    expect(whenStringComparisons(clause("'incident' == view && !inputFocus"))).toEqual([
      { name: 'view', value: 'incident' },
    ]);
  });

  it('prints a canonical form that parses back to the same clause', () => {
    for (const source of ['a && (b || c)', '!(a && b)', "x == 'y' || !z", '(a == b) == c', '!!a']) {
      const printed = formatWhen(clause(source));
      expect(clause(printed)).toEqual(clause(source));
    }
  });

  it('points at the position of a parse error', () => {
    expect(failure('listFocus &&')).toEqual({
      message:
        "Expected a context key, a number, a string, true, false, '!' or '(', found the end of the clause. (at position 12)",
      position: 12,
    });
    expect(failure('a = b').position).toBe(2);
    expect(failure('a = b').message).toMatch(/compare with '=='/);
    expect(failure('a & b').message).toMatch(/'&&'/);
    expect(failure('(a || b').message).toMatch(/Expected '\)' to close the '\(' at 0/);
    expect(failure("view == 'x").message).toMatch(/not closed/);
    expect(failure('a == b == c').position).toBe(7);
    expect(failure('a == b == c').message).toMatch(/do not chain/);
    expect(failure('a b')).toMatchObject({ position: 2 });
    expect(failure('a # b').position).toBe(2);
    expect(failure('a # b').message).toMatch(/Unexpected character '#'/);
  });
});
