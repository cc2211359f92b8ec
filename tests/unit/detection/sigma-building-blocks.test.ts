import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { resolveField } from '../../../src/server/analysis/rules/fields';
import { parseRuleFile } from '../../../src/server/analysis/rules/load-rules';
import {
  postgresRegex,
  re2Regex,
  regexProblem,
} from '../../../src/server/analysis/rules/regex-subset';
import { LOGSOURCES } from '../../../src/server/analysis/rules/sigma/field-mapping';
import { findLogsource } from '../../../src/server/analysis/rules/sigma/logsource-lookup';
import { readSigmaRules } from '../../../src/server/analysis/rules/sigma/load-sigma-rules';
import { SECURITY_EVENT_IDS } from '../../../src/server/analysis/rules/sigma/windows-logsources';
import { inNetwork, parseAddress, parseNetwork } from '../../../src/server/db/ip-networks';
import { SECURITY_EVENT_IDS as PARSED_SECURITY_EVENTS } from '../../../src/server/ingest/parsers/windows-security';
import { activities } from '../../../src/shared/events';

describe('the Sigma field mapping', () => {
  it('maps every field to a rule field the engine accepts', () => {
    for (const logsource of LOGSOURCES) {
      for (const [field, target] of Object.entries(logsource.fields)) {
        const targets =
          typeof target === 'string' ? [target] : 'anyOf' in target ? target.anyOf : [];
        for (const one of targets)
          expect(resolveField(one), `${logsource.name} ${field}`).not.toBeNull();
      }
      for (const activity of logsource.activities) expect(activities).toContain(activity);
    }
  });

  it('reads the Security events the Windows parser reads', () => {
    expect([...SECURITY_EVENT_IDS].sort()).toEqual([...PARSED_SECURITY_EVENTS].sort());
  });

  it('finds a log source by category alone, and refuses another product', () => {
    expect(findLogsource({ category: 'process_creation' })?.name).toBe(
      'windows / process_creation',
    );
    expect(findLogsource({ product: 'gcp', service: 'google_workspace.admin' })?.name).toBe(
      'google_workspace / admin',
    );
    expect(findLogsource({ product: 'okta' })?.name).toBe('okta');
    expect(findLogsource({ category: 'process_creation', product: 'linux' })).toBeNull();
    expect(
      findLogsource({ category: 'process_creation', product: 'windows', service: 'sysmon' }),
    ).toBeNull();
  });
});

describe('the regular expressions rules may use', () => {
  it('accepts the core and refuses what PostgreSQL would read otherwise', () => {
    expect(regexProblem('^a.*b[0-9]{2,3}(x|y)?$', 'ims')).toBeNull();
    expect(regexProblem('(?<=a)b')).toMatch(/look-around/);
    expect(regexProblem('(?=a)b')).toMatch(/look-around/);
    expect(regexProblem('(?<name>a)')).toMatch(/look-around and named groups/);
    expect(regexProblem('(a)\\1')).toBe('the back reference "\\1" is not supported');
    expect(regexProblem('[[:alpha:]]')).toBe('POSIX classes such as "[:" are not supported');
    expect(regexProblem('a{2')).toBe('a literal "{" must be escaped as "\\{"');
    expect(regexProblem('a{300}')).toBe('a repetition bound is at most 255');
    expect(regexProblem('[]a]')).toBe('a character class may not start with "]"; write "\\]"');
    expect(regexProblem('[\\d-z]')).toBe('a range may not start with a class escape such as "\\d"');
    expect(regexProblem('[a-\\d]')).toBe('a range may not end with a class escape such as "\\d"');
    expect(regexProblem('[\\W]')).toBe('"\\W" inside a character class is not supported');
    expect(regexProblem('\\p{L}')).toBe('the escape "\\p" is not supported');
    expect(regexProblem('a', 'g')).toBe('the flag "g" is not supported; use i, m or s');
    expect(regexProblem('(')).toMatch(/^not a valid regular expression: /);
    expect(regexProblem('')).toBe('a pattern is 1 to 1000 characters');
  });

  it('refuses, on both engines alike, what a linear-time engine cannot run', () => {
    expect(regexProblem('a$\\nb', 'm')).toBe(
      'with the m flag, "$" must end the pattern or one of its alternatives; to match a line end in the middle, write "[\\r\\n]"',
    );
    expect(regexProblem('(a$)+', 'm')).toMatch(/^with the m flag, "\$" must end the pattern/);
    expect(regexProblem('a$\\nb')).toBeNull();
    expect(regexProblem('(?:a$|b)c|d$', 'm')).toMatch(/^with the m flag/);
    expect(regexProblem('(?:a$|b)|d$', 'm')).toBeNull();
    expect(regexProblem('(a{1,255}){1,255}')).toMatch(
      /^the pattern is too large for a linear-time engine \(invalid repeat count/,
    );
  });

  it('spells JavaScript’s meaning out for PostgreSQL', () => {
    expect(postgresRegex('a.b')).toEqual({
      pattern: 'a[^\\n\\r\\u2028\\u2029]b',
      caseInsensitive: false,
    });
    expect(postgresRegex('a.b', 'si')).toEqual({ pattern: 'a.b', caseInsensitive: true });
    expect(postgresRegex('\\d\\x41[\\w-]').pattern).toBe('[0-9]\\u0041[A-Za-z0-9_-]');
    expect(postgresRegex('^a$', 'm').pattern).toBe(
      '(?:^|(?<=[\\n\\r\\u2028\\u2029]))a(?:$|(?=[\\n\\r\\u2028\\u2029]))',
    );
  });

  it('spells JavaScript’s meaning out for RE2', () => {
    expect(re2Regex('a.b\\b', 'i')).toEqual({
      pattern: 'a[^\\n\\r\\x{2028}\\x{2029}]b\\b',
      caseInsensitive: true,
    });
    expect(re2Regex('a.b', 's').pattern).toBe('a(?s:.)b');
    expect(re2Regex('^a$', 'm').pattern).toBe(
      '(?:^|(?<=[\\n\\r\\x{2028}\\x{2029}]))a(?:$|[\\n\\r\\x{2028}\\x{2029}])',
    );
  });
});

describe('IP networks', () => {
  it('reads addresses and networks as PostgreSQL inet does', () => {
    expect(parseAddress('10.0.0.1')).toEqual({ family: 4, value: 0x0a000001n });
    expect(parseAddress('::ffff:1.2.3.4')).toEqual({ family: 6, value: 0xffff01020304n });
    expect(parseAddress('fe80::1%eth0')).toBeNull();
    expect(parseNetwork('10.0.0.1/8')).toEqual({ family: 4, base: 0x0a000000n, prefix: 8 });
    expect(parseNetwork('10.0.0.0/33')).toBeNull();
    expect(parseNetwork('2001:db8::/129')).toBeNull();
    expect(parseNetwork('10.0.0.0/x')).toBeNull();
  });

  it('tests membership, false across families', () => {
    const net = parseNetwork('2001:db8::/32')!;
    expect(inNetwork('2001:db8:ffff::1', net)).toBe(true);
    expect(inNetwork('2001:db9::1', net)).toBe(false);
    expect(inNetwork('10.0.0.1', net)).toBe(false);
    expect(inNetwork('::ffff:10.0.0.1', parseNetwork('10.0.0.0/8')!)).toBe(false);
    expect(inNetwork('garbage', parseNetwork('0.0.0.0/0')!)).toBe(false);
  });
});

describe('the new filter operators in a rule file', () => {
  const ruleWith = (condition: Record<string, unknown>) =>
    parseRuleFile(
      'sample.json',
      JSON.stringify({
        id: 'sample',
        title: 'Sample',
        description: 'A rule for the tests.',
        severity: 'low',
        techniques: ['T1048'],
        condition: {
          steps: [
            {
              name: 'hits',
              match: { all: [{ field: 'activity', eq: 'network_connect' }, condition] },
              window: '1h',
              atLeast: 1,
            },
          ],
        },
        why: '{hits.count} hits.',
      }),
    );
  const problems = (condition: Record<string, unknown>) => {
    const result = ruleWith(condition);
    return 'problems' in result ? result.problems : [];
  };

  it('validate: equalsAny, matches and cidr', () => {
    expect(problems({ field: 'target', equalsAny: ['mega.nz', ''] })).toEqual([]);
    expect(problems({ field: 'target', matches: { pattern: '^mega\\.', flags: 'i' } })).toEqual([]);
    expect(problems({ field: 'ip', cidr: ['10.0.0.0/8', '::1/128'] })).toEqual([]);
    expect(problems({ field: 'target', matches: { pattern: '(?<=a)b' } })).toEqual([
      'condition.steps.0.match: all[1].matches.pattern: look-around and named groups ("(?=", "(?!", "(?<") are not supported',
    ]);
    expect(problems({ field: 'target', matches: { pattern: 'a', flags: 'x' } })).toEqual([
      'condition.steps.0.match: all[1].matches.pattern: the flag "x" is not supported; use i, m or s',
    ]);
    expect(problems({ field: 'target', matches: 'a' })).toEqual([
      'condition.steps.0.match: all[1].matches: expected { "pattern": "<regular expression>", "flags": "i" }',
    ]);
    expect(problems({ field: 'ip', cidr: ['10.0.0.0/99'] })).toEqual([
      'condition.steps.0.match: all[1].cidr: "10.0.0.0/99" is not an IPv4 or IPv6 network',
    ]);
    expect(problems({ field: 'file_size', cidr: ['10.0.0.0/8'] })).toEqual([
      'condition.steps.0.match: all[1]: "cidr" does not apply to file_size, which holds number',
    ]);
    expect(problems({ field: 'target', equalsAny: ['x'.repeat(501)] })).toEqual([
      'condition.steps.0.match: all[1].equalsAny: each piece of text must be at most 500 characters',
    ]);
  });
});

describe('the Sigma rule loader', () => {
  it('names the broken file and its problems, and a rule id two files give', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sigma-'));
    const rule = (title: string, field = 'Image') =>
      `title: ${title}\nlogsource:\n    product: windows\n    category: process_creation\ndetection:\n    sel:\n        ${field}: x\n    condition: sel\n`;
    fs.writeFileSync(path.join(dir, 'a.yml'), rule('Same title'));
    fs.writeFileSync(path.join(dir, 'b.yml'), rule('Same title'));
    fs.writeFileSync(path.join(dir, 'c.yml'), rule('Broken', 'Hashes'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a rule');
    const { files, invalid } = readSigmaRules(dir);
    expect(files.map((file) => file.file)).toEqual(['a.yml']);
    expect(invalid).toEqual([
      { file: 'b.yml', problems: ['the rule id "sigma-same-title" is also given by a.yml'] },
      {
        file: 'c.yml',
        problems: [
          'line 7: the field "Hashes" has no mapping for logsource windows / process_creation',
        ],
      },
    ]);
    fs.rmSync(dir, { recursive: true });
  });
});
