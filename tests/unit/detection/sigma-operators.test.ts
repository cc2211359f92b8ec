import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compileFilter } from '../../../src/server/analysis/rules/compile-filter';
import type { Filter } from '../../../src/server/analysis/rules/filter-types';
import { regexProblem } from '../../../src/server/analysis/rules/regex-subset';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { inNetwork, parseNetwork } from '../../../src/server/db/ip-networks';
import { contextFor, engineDb, ENGINES } from './sigma-databases';
import { event, store, T0 } from './support';

/** Texts the regular expressions run over: line breaks, case, digits, punctuation, accents. */
const TEXTS = [
  'a\nb',
  'a\rb',
  'axb',
  'AXB',
  'wevtutil cl Security',
  'clear-log',
  'A',
  '1234',
  '1',
  'xxy',
  'ababab',
  'me@corp.example',
  'é',
  'tab\there',
  '[x]',
  'b',
  'first\nsecond line',
  'C:\\Windows\\System32\\cmd.exe',
  '100% sure_thing',
  'no\u00a0break',
  'x\u2028y',
  'naïve café',
];

/** Patterns (with flags) that both engines must answer exactly as JavaScript does. */
const PATTERNS: Array<[string, string]> = [
  ['a.b', ''],
  ['a.b', 's'],
  ['a.b', 'i'],
  ['^b', ''],
  ['^b', 'm'],
  ['a$', 'm'],
  ['^second', 'm'],
  ['line$', ''],
  ['\\bcl\\b', ''],
  ['\\Bl', ''],
  ['\\x41', ''],
  ['\\x41', 'i'],
  ['\\u00e9', ''],
  ['^[^a]$', ''],
  ['^[^a]', 's'],
  ['\\d{2,3}', ''],
  ['^\\d{2,3}$', ''],
  ['x*?y', ''],
  ['^(?:ab)+$', ''],
  ['[\\w.-]+@corp\\.example', ''],
  ['\\s', ''],
  ['\\S+\\s\\S+', ''],
  ['[[]x', ''],
  ['\\[x\\]', ''],
  ['\\\\system32\\\\', 'i'],
  ['^C:\\\\.*\\.exe$', 'is'],
  ['%', ''],
  ['_', ''],
  ['a|^1', ''],
  ['(a|b){2}', ''],
  ['^.$', ''],
  ['^.$', 's'],
  ['[a-c]+', 'i'],
  ['\\W', ''],
  ['\\D', ''],
  ['^\\w+$', ''],
  ['o\\sb', ''],
  ['[\\s\\d]', ''],
  ['^y', 'm'],
  ['x$', 'm'],
  ['\\bcaf', ''],
  ['ve\\b', ''],
  ['\\bcafé\\b', ''],
  ['caf\\é', ''],
  ['\\u2028', ''],
  ['(?:b$|\\d{4})', 'm'],
  ['a$|^x', 'm'],
  ['(\\w+)+#', ''],
  ['(?:a|ab)*c', 'i'],
];

const ADDRESSES = [
  '10.1.2.3',
  '10.255.255.255',
  '11.0.0.1',
  '192.168.1.7',
  '2001:db8::1',
  '2001:db9::1',
  '::ffff:10.0.0.1',
  '::1',
  'not-an-ip',
  '10.0.0.1/8',
  '10.0.0.1:443',
];

const NETWORKS = [
  ['10.0.0.0/8'],
  ['10.0.0.1/8'],
  ['2001:db8::/32'],
  ['0.0.0.0/0'],
  ['::/0'],
  ['192.168.1.7'],
  ['11.0.0.0/8', '::1/128'],
];

describe.each(ENGINES)('the Sigma operators on %s', (dialect) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engineDb(dialect);
    await store(handle, 'E1', [
      ...TEXTS.map((text, i) =>
        event({
          activity: 'process_start',
          time: T0 + i,
          process: { name: null, commandLine: text, parentName: null },
        }),
      ),
      ...ADDRESSES.map((ip, i) => event({ activity: 'login', time: T0 + 1000 + i, ip })),
      event({
        activity: 'login_failed',
        time: T0 + 2000,
        attributes: { logonType: 3, mixed: 'Ab_C%' },
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  async function select(column: 'command_line' | 'ip', filter: Filter): Promise<string[]> {
    const result = await sql<Record<string, string>>`
      select ${sql.ref(`e.${column}`)} as v from events as e
      where e.employee_id = 'E1' and ${compileFilter(filter, 'e', contextFor(dialect))}
      order by e.time`.execute(handle.db);
    return result.rows.map((row) => row.v!);
  }

  it.each(PATTERNS)('matches /%s/%s as JavaScript does', async (pattern, flags) => {
    expect(regexProblem(pattern, flags)).toBeNull();
    const expected = TEXTS.filter((text) => new RegExp(pattern, flags).test(text));
    const found = await select('command_line', {
      field: 'command_line',
      matches: { pattern, flags },
    });
    expect(found).toEqual(expected);
  });

  it('runs patterns that backtrack for minutes in JavaScript in well under a second', async () => {
    const long = `${'a'.repeat(30_000)}!`;
    await store(handle, 'E2', [
      event({
        activity: 'process_start',
        time: T0 + 5000,
        process: { name: null, commandLine: long, parentName: null },
      }),
    ]);
    for (const pattern of ['(\\w+)+#', '.*.*.*.*.*.*.*.*.*.*x', '(a|aa)+$', '(a*)*b']) {
      const started = performance.now();
      const result = await sql<{ n: number }>`
        select count(*) as n from events as e where e.employee_id = 'E2' and ${compileFilter(
          { field: 'command_line', matches: { pattern } },
          'e',
          contextFor(dialect),
        )}`.execute(handle.db);
      expect(Number(result.rows[0]!.n), pattern).toBe(0);
      expect(performance.now() - started, pattern).toBeLessThan(1000);
    }
  });

  it.each(NETWORKS)('finds the addresses in %s as the reference does', async (...networks) => {
    const parsed = networks.map((network) => parseNetwork(network)!);
    const expected = ADDRESSES.filter((ip) => parsed.some((network) => inNetwork(ip, network)));
    expect(await select('ip', { field: 'ip', cidr: networks })).toEqual(expected);
  });

  it('cidr: false, not an error, for text that is no address', async () => {
    expect(await select('ip', { field: 'ip', cidr: ['10.0.0.0/8'] })).toEqual([
      '10.1.2.3',
      '10.255.255.255',
    ]);
  });

  it('equalsAny: the whole value, ignoring ASCII case, with % and _ as plain characters', async () => {
    expect(
      await select('command_line', { field: 'command_line', equalsAny: ['axb', 'B'] }),
    ).toEqual(['axb', 'AXB', 'b']);
    expect(
      await select('command_line', { field: 'command_line', equalsAny: ['100% SURE_THING'] }),
    ).toEqual(['100% sure_thing']);
    expect(
      await select('command_line', { field: 'command_line', equalsAny: ['100_ sure%thing'] }),
    ).toEqual([]);
  });

  it('reads numbers kept in attributes as text, on both engines alike', async () => {
    const attribute = async (filter: Filter) =>
      (
        await sql<{ n: number | string }>`select count(*) as n from events as e
        where e.employee_id = 'E1' and ${compileFilter(filter, 'e', contextFor(dialect))}`.execute(
          handle.db,
        )
      ).rows[0]!.n;
    expect(Number(await attribute({ field: 'attributes.logonType', equalsAny: ['3'] }))).toBe(1);
    expect(
      Number(await attribute({ field: 'attributes.logonType', matches: { pattern: '^3$' } })),
    ).toBe(1);
    expect(Number(await attribute({ field: 'attributes.mixed', equalsAny: ['ab_c%'] }))).toBe(1);
    expect(
      Number(await attribute({ field: 'attributes.absent', matches: { pattern: '.*' } })),
    ).toBe(0);
    expect(
      Number(await attribute({ not: { field: 'attributes.absent', matches: { pattern: 'x' } } })),
    ).toBe(0);
  });
});
