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
  rarestTrigrams,
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

  it('asks SQLite for the rarest trigrams when it knows how many events hold each', () => {
    // "document 42": `doc` is in every file event, ` 42` in a few.
    const counts = new Map([
      ['doc', 900],
      ['ocu', 900],
      ['cum', 900],
      ['ume', 900],
      ['men', 950],
      ['ent', 990],
      ['nt ', 920],
      ['t 4', 60],
      [' 42', 7],
    ]);
    expect(rarestTrigrams([...counts.keys()], counts)).toEqual([' 42', 't 4']);
    expect(compiled(textIndexHolds('sqlite', ['document 42'], counts)).parameters).toEqual([
      '" 42" AND "t 4"',
    ]);
    // Trigrams about as rare as the rarest narrow further: up to four of them.
    const invoice = new Map([
      ['inv', 30],
      ['nvo', 31],
      ['voi', 30],
      ['oic', 32],
      ['ice', 400],
    ]);
    expect(rarestTrigrams([...invoice.keys()], invoice)).toEqual(['inv', 'voi', 'nvo', 'oic']);
    // A trigram without a count: spread over the value, as without counts.
    expect(
      compiled(textIndexHolds('sqlite', ['document 42'], new Map([['doc', 1]]))).parameters[0],
    ).toContain('"doc" AND "ocu"');
    // PostgreSQL's GIN index reads its rarest trigrams first by itself.
    expect(compiled(textIndexHolds('postgres', ['document 42'], counts)).parameters).toEqual([
      '%document 42%',
    ]);
  });

  it('uses a JSON list text only for values JSON writes as they are', () => {
    expect(listValueIndexable(['gmail.com'])).toBe(true);
    expect(listValueIndexable(['a"b'])).toBe(false);
    expect(listValueIndexable(['a\\b'])).toBe(false);
    expect(listValueIndexable(['a\nb'])).toBe(false);
  });
});
