import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  listValueIndexable,
  literalRuns,
  textIndexHolds,
  trigramsOf,
} from '../../../src/server/db/queries/event-text-index';

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const compiled = (condition: RawBuilder<SqlBool> | null) =>
  sql`select 1 where ${condition!}`.compile(db);

describe('what a hunt looks up in the trigram index', () => {
  it('reads the plain runs of a LIKE pattern, escapes as their letters', () => {
    expect(literalRuns('%q3-forecast%')).toEqual(['q3-forecast']);
    expect(literalRuns('doc_ment%42.xlsx')).toEqual(['doc', 'ment', '42.xlsx']);
    expect(literalRuns('50\\%\\_off\\\\x')).toEqual(['50%_off\\x']);
    expect(literalRuns('%')).toEqual([]);
  });

  it('cuts runs into distinct trigrams of characters, at most twelve spread over the value', () => {
    expect(trigramsOf(['abcd', 'xy'])).toEqual(['abc', 'bcd']);
    expect(trigramsOf(['aaaa'])).toEqual(['aaa']);
    expect(trigramsOf(['żółwik'])).toEqual(['żół', 'ółw', 'łwi', 'wik']);
    const long = trigramsOf(['abcdefghijklmnopqrstuvwxyz']);
    expect(long).toHaveLength(12);
    expect(long[0]).toBe('abc');
    expect(long[11]).toBe('xyz');
  });

  it('narrows only when the value has two trigrams or more, each a bound parameter', () => {
    expect(textIndexHolds('sqlite', ['ab'])).toBeNull();
    expect(textIndexHolds('sqlite', ['abc'])).toBeNull();
    const sqlite = compiled(textIndexHolds('sqlite', ['ab"cd']));
    expect(sqlite.sql).toContain('events_text match ?');
    expect(sqlite.sql).not.toContain('ab');
    expect(sqlite.parameters).toEqual(['"ab""" AND "b""c" AND """cd"']);
    const postgres = compiled(textIndexHolds('postgres', ['50%off']));
    expect(postgres.sql).not.toContain('50');
    expect(postgres.parameters).toEqual(['%50\\%off%']);
  });

  it('uses a JSON list text only for values JSON writes as they are', () => {
    expect(listValueIndexable(['gmail.com'])).toBe(true);
    expect(listValueIndexable(['a"b'])).toBe(false);
    expect(listValueIndexable(['a\\b'])).toBe(false);
    expect(listValueIndexable(['a\nb'])).toBe(false);
  });
});
