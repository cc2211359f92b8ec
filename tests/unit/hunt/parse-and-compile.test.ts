import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  DummyDriver,
} from 'kysely';
import { describe, expect, it } from 'vitest';

import { compileHuntConditions, compileHuntQuery } from '../../../src/server/hunt/compile-query';
import { parseHuntQuery } from '../../../src/server/hunt/parse-query';
import { huntToRule } from '../../../src/server/hunt/to-rule';
import type { HuntNode } from '../../../src/server/hunt/query-tree';

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** The tree as a short text: fields and values, AND/OR/NOT in prefix form. */
function show(node: HuntNode | null): string {
  if (node === null) return '∅';
  switch (node.kind) {
    case 'and':
      return `and(${node.parts.map(show).join(', ')})`;
    case 'or':
      return `or(${node.parts.map(show).join(', ')})`;
    case 'not':
      return `not(${show(node.part)})`;
    case 'range':
      return `${node.field}${node.minInclusive ? '[' : '{'}${node.min ?? '*'},${node.max ?? '*'}${node.maxInclusive ? ']' : '}'}`;
    case 'term':
      return `${node.field ?? '_'}=${node.wildcard ? `~${node.pattern}` : node.value}`;
  }
}

const parsed = (q: string) => show(parseHuntQuery(q));
const message = (q: string) => {
  try {
    parseHuntQuery(q);
  } catch (error) {
    return (error as Error).message;
  }
  return 'parsed';
};

describe('parseHuntQuery', () => {
  it('reads fields, phrases, wildcards and bare words, bare words ANDed', () => {
    expect(parsed('file.name:"Q3 forecast.xlsx" usb')).toBe(
      'and(file.name=Q3 forecast.xlsx, _=usb)',
    );
    expect(parsed('raw.EventData.TargetFilename:*lsass*')).toBe(
      'raw.EventData.TargetFilename=~%lsass%',
    );
    // A quoted * is a star; an escaped one too; LIKE's own characters are escaped.
    expect(parsed('file.name:"a*b"')).toBe('file.name=a*b');
    expect(parsed('file.name:a\\*b*')).toBe('file.name=~a*b%');
    expect(parsed('file.name:100%_done*')).toBe('file.name=~100\\%\\_done%');
  });

  it('binds AND tighter than OR and reads NOT, - and groups', () => {
    expect(parsed('a AND b OR c')).toBe('or(and(_=a, _=b), _=c)');
    expect(parsed('a OR b AND c')).toBe('or(_=a, and(_=b, _=c))');
    expect(parsed('a NOT b')).toBe('and(_=a, not(_=b))');
    expect(parsed('NOT a AND b')).toBe('and(not(_=a), _=b)');
    expect(parsed('(a OR b) -source:okta')).toBe('and(or(_=a, _=b), not(source=okta))');
    expect(parsed('app:(Dropbox OR Box)')).toBe('or(app=Dropbox, app=Box)');
    expect(parsed('a OR NOT b')).toBe('or(_=a, not(_=b))');
  });

  it('reads ranges of time and size', () => {
    expect(parsed('time:[2026-11-01 TO 2026-11-15]')).toBe('time[2026-11-01,2026-11-15]');
    expect(parsed('file.size:{1000 TO *]')).toBe('file.size{1000,*]');
  });

  it('says where the query went wrong and what was expected', () => {
    expect(message('file.name:')).toBe('Expected a value after "file.name:" at 11.');
    expect(message('a AND')).toBe('Expected a value after AND at 6.');
    expect(message('email.subject:"board')).toBe('Expected a closing quote (") at 21.');
    expect(message('(a OR b')).toBe(
      'Expected a value, a field:value or a closing parenthesis at 8.',
    );
    expect(message('nosuch:x')).toMatch(
      /^That field is not one a hunt knows\. The fields are: source, /,
    );
    expect(message('app:[a TO b]')).toMatch(/^Ranges \[a TO b\] are for time and file.size/);
    expect(message('time:yesterday')).toMatch(/takes a range/);
  });
});

describe('compileHuntQuery', () => {
  const compile = (q: string) =>
    compileHuntQuery(parseHuntQuery(q), {
      dialect: 'sqlite',
      peopleNamed: (v) => (v === 'Person AAAA-BBBB' ? ['E1'] : []),
    }).compile(db);

  it('passes every value as a parameter, never as SQL text', () => {
    const evil = `x'); drop table events; --`;
    const { sql, parameters } = compile(`file.name:"${evil}" OR "${evil}"`);
    expect(sql).not.toContain('drop table');
    expect(parameters).toContain(`x'); drop table events; --`);
    expect(parameters).toContain(`%x'); drop table events; --%`);
  });

  it('keeps events without the field under NOT, and folds values', () => {
    const { sql, parameters } = compile('NOT app:DropBox');
    expect(sql).toBe('(not ("events"."app" is not null and vigil_fold("events"."app") = ?))');
    expect(parameters).toEqual(['dropbox']);
  });

  it('reads a raw path through json_extract with the path as a parameter', () => {
    const { sql, parameters } = compile('raw.EventData.TargetFilename:*LSASS*');
    expect(sql).toContain('json_extract(events.raw, ?)');
    const path = '$."EventData"."TargetFilename"';
    expect(parameters).toEqual([path, path, '%lsass%']);
  });

  it('names people by pseudonym, and nobody for an unknown one', () => {
    expect(compile('person:"Person AAAA-BBBB"').parameters).toEqual(['E1']);
    expect(compile('person:nobody').sql).toBe('1 = 0');
  });

  it('turns the last day of a date range into the whole day', () => {
    const { parameters } = compile('time:[2026-11-01 TO 2026-11-15]');
    expect(parameters).toEqual([Date.parse('2026-11-01'), Date.parse('2026-11-16')]);
  });
});

describe('compileHuntConditions', () => {
  const conditions = (q: string, dialect: 'sqlite' | 'postgres' = 'sqlite') => {
    const c = compileHuntConditions(parseHuntQuery(q), { dialect, peopleNamed: () => [] });
    return {
      narrowed: c.narrowed.compile(db),
      plain: c.plain.compile(db),
      byTextIndex: c.byTextIndex,
    };
  };

  it('narrows by the trigram index only in the narrowed form, and says when every event found passes it', () => {
    const free = conditions('"document 42" AND category:file');
    expect(free.byTextIndex).toBe(true);
    expect(free.narrowed.sql).toContain('events_text match');
    expect(free.plain.sql).not.toContain('events_text');
    expect(free.plain.sql).toContain('events.search_text like ?');
    expect(free.plain.parameters).toEqual(['%document 42%', 'file']);
    // Under OR or NOT the index does not find every event of the hunt.
    expect(conditions('contoso OR activity:usb_write').byTextIndex).toBe(false);
    expect(conditions('NOT email.subject:invoice').byTextIndex).toBe(false);
    expect(conditions('activity:usb_write').byTextIndex).toBe(false);
  });

  it('asks PostgreSQL for a mail domain through its list index, and SQLite for its elements', () => {
    const postgres = conditions('email.domain:Gmail.com', 'postgres');
    expect(postgres.narrowed.sql).toBe(
      '("events"."email_domains" is not null and vigil_fold_list("events"."email_domains") @> array[?]::text[])',
    );
    expect(postgres.narrowed.parameters).toEqual(['gmail.com']);
    expect(postgres.byTextIndex).toBe(false);
    // A wildcard is not a whole value: the elements one by one, narrowed by the trigram index.
    expect(conditions('email.domain:gmail.*', 'postgres').narrowed.sql).toContain(
      'jsonb_array_elements_text',
    );
    expect(conditions('email.domain:gmail.com').narrowed.sql).toContain('json_each');
  });
  it('asks PostgreSQL for a repository through its own b-tree, without the trigram index', () => {
    const exact = conditions('repository:"Northwind/Repo-7"', 'postgres');
    expect(exact.narrowed.sql).toBe(
      '("events"."repository" is not null and vigil_fold("events"."repository") = ?)',
    );
    expect(exact.narrowed.parameters).toEqual(['northwind/repo-7']);
    // A wildcard is a pattern, not a value of the index: the trigram index narrows it.
    expect(conditions('repository:northwind*', 'postgres').narrowed.sql).toContain(' like ');
  });
});

describe('huntToRule', () => {
  it('maps a query onto the rule filter, limited to activities at its top level', () => {
    const rule = huntToRule(
      { name: 'USB after personal mail', description: '' },
      parseHuntQuery('file.destination:usb AND file.name:*.xlsx AND NOT app:Box'),
    );
    expect(rule.id).toBe('hunt-usb-after-personal-mail');
    const match = rule.condition.steps[0]!.match as { all: unknown[] };
    expect(match.all[0]).toMatchObject({ field: 'activity' });
    expect(match.all[1]).toEqual({
      all: [
        { field: 'file_destination', equalsAny: ['usb'] },
        { field: 'file_name', matches: { pattern: '^.*\\.xlsx$', flags: 'i' } },
        // NOT holds where the app is empty too (as the hunt finds): the field is asked first.
        {
          not: {
            all: [
              { field: 'app', isNull: false },
              { field: 'app', equalsAny: ['Box'] },
            ],
          },
        },
      ],
    });
  });

  it('refuses what a rule cannot say, with a sentence', () => {
    expect(() => huntToRule({ name: 'x', description: '' }, parseHuntQuery('person:E1'))).toThrow(
      /watchlist/,
    );
  });
});
