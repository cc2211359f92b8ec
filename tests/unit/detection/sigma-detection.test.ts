import { describe, expect, it } from 'vitest';

import { compiled, detectionOf, onlyFilter, PROCESS, sigmaRule } from './sigma-support';

const item = (line: string) =>
  onlyFilter(sigmaRule(PROCESS, `    sel:\n        ${line}\n    condition: sel`));

describe('Sigma values', () => {
  it('matches a plain value as the whole field, ignoring case (Sigma values are case-insensitive)', () => {
    expect(item(`CommandLine: 'whoami /all'`)).toEqual({
      field: 'command_line',
      equalsAny: ['whoami /all'],
    });
  });

  it('turns numbers and booleans into text for text fields', () => {
    expect(item('CommandLine: 4104')).toEqual({ field: 'command_line', equalsAny: ['4104'] });
    expect(item('CommandLine: true')).toEqual({ field: 'command_line', equalsAny: ['true'] });
  });

  it('reads * at the ends as endswith, startswith and contains', () => {
    expect(item(`Image: '*\\cmd.exe'`)).toEqual({
      field: 'process_name',
      endsWithAny: ['\\cmd.exe'],
    });
    expect(item(`Image: 'C:\\Temp\\\\*'`)).toEqual({
      field: 'process_name',
      startsWithAny: ['C:\\Temp\\'],
    });
    expect(item(`CommandLine: '*mimikatz*'`)).toEqual({
      field: 'command_line',
      containsAny: ['mimikatz'],
    });
  });

  it('reads * alone as "has a value"', () => {
    expect(item(`ParentCommandLine: '*'`)).toEqual({
      field: 'attributes.parentCommandLine',
      isNull: false,
    });
  });

  it('needs a regular expression for inner wildcards and ?', () => {
    expect(item(`Image: 'C:\\\\*\\rundll32.exe'`)).toEqual({
      field: 'process_name',
      matches: { pattern: '^C:\\\\.*\\\\rundll32\\.exe$', flags: 'is' },
    });
    expect(item(`Image: '*\\prog?.exe'`)).toEqual({
      field: 'process_name',
      matches: { pattern: '^.*\\\\prog.\\.exe$', flags: 'is' },
    });
  });

  it('keeps escaped wildcards and plain backslashes literal', () => {
    expect(item(`CommandLine: 'a\\*b'`)).toEqual({ field: 'command_line', equalsAny: ['a*b'] });
    expect(item(`Image: 'C:\\Temp\\*'`)).toEqual({
      field: 'process_name',
      equalsAny: ['C:\\Temp*'],
    });
    expect(item(`CommandLine: 'what\\?'`)).toEqual({ field: 'command_line', equalsAny: ['what?'] });
    expect(item(`CommandLine: 'C:\\\\*'`)).toEqual({
      field: 'command_line',
      startsWithAny: ['C:\\'],
    });
    expect(item(`Image: 'C:\\Windows\\System32\\cmd.exe'`)).toEqual({
      field: 'process_name',
      equalsAny: ['C:\\Windows\\System32\\cmd.exe'],
    });
  });

  it('ORs a list of values, one list per kind of test', () => {
    expect(item(`Image|endswith: ['\\a.exe', '\\b.exe']`)).toEqual({
      field: 'process_name',
      endsWithAny: ['\\a.exe', '\\b.exe'],
    });
    expect(item(`Image: ['*\\a.exe', 'C:\\b.exe']`)).toEqual({
      any: [
        { field: 'process_name', equalsAny: ['C:\\b.exe'] },
        { field: 'process_name', endsWithAny: ['\\a.exe'] },
      ],
    });
  });

  it('reads null as a missing value and the empty value as empty or missing', () => {
    expect(item('ParentCommandLine: null')).toEqual({
      field: 'attributes.parentCommandLine',
      isNull: true,
    });
    expect(item(`ParentCommandLine: ''`)).toEqual({
      any: [
        { field: 'attributes.parentCommandLine', equalsAny: [''] },
        { field: 'attributes.parentCommandLine', isNull: true },
      ],
    });
  });

  it('reads a map as AND and a list of maps as OR', () => {
    const filters = detectionOf(
      sigmaRule(
        PROCESS,
        `    sel:\n        - Image|endswith: '\\a.exe'\n          CommandLine|contains: x\n        - ParentImage|endswith: '\\b.exe'\n    condition: sel`,
      ),
    );
    expect(filters).toEqual([
      {
        any: [
          {
            all: [
              { field: 'process_name', endsWithAny: ['\\a.exe'] },
              { field: 'command_line', containsAny: ['x'] },
            ],
          },
          { field: 'parent_process', endsWithAny: ['\\b.exe'] },
        ],
      },
    ]);
  });

  it('maps Windows EventID onto action: first in mapped kinds, after the log in generic ones', () => {
    const text = sigmaRule(
      '    product: windows\n    service: security',
      '    sel:\n        EventID: [4720, 4722]\n    condition: sel',
    );
    expect(detectionOf(text)).toEqual([
      {
        any: [
          {
            field: 'action',
            startsWithAny: [
              '4720 ',
              'Sysmon 4720 ',
              'Security 4720 ',
              '4722 ',
              'Sysmon 4722 ',
              'Security 4722 ',
            ],
          },
          { field: 'action', endsWithAny: [' 4720', ' 4722'] },
        ],
      },
    ]);
  });

  it('folds a value the log source implies (Google eventService) away', () => {
    const text = sigmaRule(
      '    product: gcp\n    service: google_workspace.admin',
      '    sel:\n        eventService: admin.googleapis.com\n        eventName: GRANT_ADMIN_PRIVILEGE\n    condition: sel',
    );
    expect(detectionOf(text)).toEqual([{ field: 'action', equalsAny: ['GRANT_ADMIN_PRIVILEGE'] }]);
  });

  it('reads field names whatever their case (Okta eventtype, eventType)', () => {
    const text = sigmaRule(
      '    product: okta\n    service: okta',
      '    sel:\n        eventtype: user.session.start\n    condition: sel',
    );
    expect(detectionOf(text)).toEqual([{ field: 'action', equalsAny: ['user.session.start'] }]);
  });

  it('searches keywords as substrings of the script text where the log source has one', () => {
    const text = sigmaRule(
      '    category: ps_script\n    product: windows',
      "    keywords:\n        - 'Invoke-Mimikatz'\n        - 'sekurlsa'\n    condition: keywords",
    );
    expect(detectionOf(text)).toEqual([
      { field: 'command_line', containsAny: ['Invoke-Mimikatz', 'sekurlsa'] },
    ]);
    const all = sigmaRule(
      '    category: ps_script\n    product: windows',
      "    keywords:\n        '|all':\n            - 'a'\n            - 'b'\n    condition: keywords",
    );
    expect(detectionOf(all)).toEqual([
      { field: 'command_line', containsAny: ['a'] },
      { field: 'command_line', containsAny: ['b'] },
    ]);
  });
});

describe('Sigma modifiers', () => {
  it('contains, startswith, endswith', () => {
    expect(item('CommandLine|contains: x')).toEqual({ field: 'command_line', containsAny: ['x'] });
    expect(item('CommandLine|startswith: x')).toEqual({
      field: 'command_line',
      startsWithAny: ['x'],
    });
    expect(item('CommandLine|endswith: x')).toEqual({ field: 'command_line', endsWithAny: ['x'] });
  });

  it('all: every value must match', () => {
    const filters = detectionOf(
      sigmaRule(
        PROCESS,
        "    sel:\n        CommandLine|contains|all: ['-a', '-b']\n    condition: sel",
      ),
    );
    expect(filters).toEqual([
      { field: 'command_line', containsAny: ['-a'] },
      { field: 'command_line', containsAny: ['-b'] },
    ]);
  });

  it('re, with the i, m and s flags, a leading (?i), and anchors from startswith/endswith', () => {
    expect(item(`CommandLine|re: '\\s-e(nc)?\\s'`)).toEqual({
      field: 'command_line',
      matches: { pattern: '\\s-e(nc)?\\s' },
    });
    expect(item(`CommandLine|re|i|m|s: 'a.b'`)).toEqual({
      field: 'command_line',
      matches: { pattern: 'a.b', flags: 'ims' },
    });
    expect(item(`CommandLine|re: '(?i)powershell'`)).toEqual({
      field: 'command_line',
      matches: { pattern: 'powershell', flags: 'i' },
    });
    expect(item(`CommandLine|re|startswith: 'a|b'`)).toEqual({
      field: 'command_line',
      matches: { pattern: '^(?:a|b)' },
    });
    expect(item(`CommandLine|re|endswith: 'a|b'`)).toEqual({
      field: 'command_line',
      matches: { pattern: '(?:a|b)$' },
    });
  });

  it('cidr', () => {
    const text = sigmaRule(
      '    category: network_connection\n    product: windows',
      "    sel:\n        DestinationIp|cidr: ['10.0.0.0/8', 'fd00::/8']\n    condition: sel",
    );
    expect(detectionOf(text)).toEqual([{ field: 'ip', cidr: ['10.0.0.0/8', 'fd00::/8'] }]);
  });

  it('windash: every flag dash in each of the five spellings', () => {
    expect(item(`CommandLine|windash|contains: ' -enc '`)).toEqual({
      field: 'command_line',
      containsAny: [' -enc ', ' /enc ', ' \u2013enc ', ' \u2014enc ', ' \u2015enc '],
    });
  });

  it('base64 and base64offset (with contains), also of UTF-16 text (wide)', () => {
    expect(item('CommandLine|base64: whoami')).toEqual({
      field: 'command_line',
      equalsAny: ['d2hvYW1p'],
    });
    expect(item("CommandLine|base64offset|contains: 'Invoke-Mimikatz'")).toEqual({
      field: 'command_line',
      containsAny: ['SW52b2tlLU1pbWlrYXR6', 'ludm9rZS1NaW1pa2F0e', 'JbnZva2UtTWltaWthdH'],
    });
    const wide = item("CommandLine|wide|base64offset|contains: 'IEX'");
    const needles = (wide as { containsAny: string[] }).containsAny;
    const encoded = Buffer.from('  IEX (New-Object', 'utf16le').toString('base64');
    expect(needles.some((needle) => encoded.includes(needle))).toBe(true);
  });

  it('exists', () => {
    expect(item('ParentCommandLine|exists: true')).toEqual({
      field: 'attributes.parentCommandLine',
      isNull: false,
    });
    expect(item('ParentCommandLine|exists: false')).toEqual({
      field: 'attributes.parentCommandLine',
      isNull: true,
    });
  });

  it('gt, gte, lt, lte on a numeric field', () => {
    const m365 = (line: string) =>
      detectionOf(
        sigmaRule(
          '    product: m365\n    service: audit',
          `    sel:\n        ${line}\n    condition: sel`,
        ),
      );
    expect(m365('FileSizeBytes|gt: 100')).toEqual([{ field: 'file_size', gt: 100 }]);
    expect(m365('FileSizeBytes|gte: 100')).toEqual([{ field: 'file_size', gte: 100 }]);
    expect(m365('FileSizeBytes|lt: 100')).toEqual([{ field: 'file_size', lt: 100 }]);
    expect(m365('FileSizeBytes|lte: 100')).toEqual([{ field: 'file_size', lte: 100 }]);
    expect(m365('FileSizeBytes: [1, 2]')).toEqual([{ field: 'file_size', in: [1, 2] }]);
  });

  it('cased: case-sensitive equality, and a case-sensitive pattern for the rest', () => {
    expect(item('CommandLine|cased: Whoami')).toEqual({ field: 'command_line', eq: 'Whoami' });
    expect(item('CommandLine|contains|cased: Whoami')).toEqual({
      field: 'command_line',
      matches: { pattern: 'Whoami' },
    });
  });

  it('neq negates the item, and a missing value then counts as different', () => {
    expect(item('ParentImage|neq: C:\\x.exe')).toEqual({
      not: {
        all: [
          { field: 'parent_process', isNull: false },
          { field: 'parent_process', equalsAny: ['C:\\x.exe'] },
        ],
      },
    });
  });
});

describe('Sigma conditions', () => {
  const detection = (condition: string) =>
    detectionOf(
      sigmaRule(
        PROCESS,
        `    sel_a:\n        CommandLine|contains: a\n    sel_b:\n        CommandLine|contains: b\n    filter:\n        Image|endswith: f\n    _hidden:\n        Image|endswith: h\n    condition: ${condition}`,
      ),
    );
  const a = { field: 'command_line', containsAny: ['a'] };
  const b = { field: 'command_line', containsAny: ['b'] };
  const f = { field: 'process_name', endsWithAny: ['f'] };
  const h = { field: 'process_name', endsWithAny: ['h'] };
  const notF = { not: { all: [{ field: 'process_name', isNull: false }, f] } };

  it('binds not before and before or', () => {
    expect(detection('sel_a or sel_b and not filter')).toEqual([{ any: [a, { all: [b, notF] }] }]);
  });

  it('follows parentheses', () => {
    expect(detection('(sel_a or sel_b) and not filter')).toEqual([{ any: [a, b] }, notF]);
  });

  it('expands 1 of / all of a pattern', () => {
    expect(detection('1 of sel_*')).toEqual([{ any: [a, b] }]);
    expect(detection('all of sel_*')).toEqual([a, b]);
    expect(detection('any of sel_* and not filter')).toEqual([{ any: [a, b] }, notF]);
  });

  it('expands them, leaving out identifiers that start with _', () => {
    expect(detection('1 of them')).toEqual([{ any: [a, b, f] }]);
    expect(detection('all of them')).toEqual([a, b, f]);
    expect(detection('1 of _hid*')).toEqual([h]);
  });

  it('reads a list of conditions as their OR', () => {
    const filters = detectionOf(
      sigmaRule(
        PROCESS,
        '    sel_a:\n        CommandLine|contains: a\n    sel_b:\n        CommandLine|contains: b\n    condition:\n        - sel_a\n        - sel_b',
      ),
    );
    expect(filters).toEqual([{ any: [a, b] }]);
  });

  it('guards every test under an odd number of nots, and no other', () => {
    expect(detection('not (sel_a and not filter)')).toEqual([
      { not: { all: [{ field: 'command_line', isNull: false }, a, { not: f }] } },
    ]);
  });
});

describe('a compiled Sigma detection rule', () => {
  const text = `title: Suspicious Whoami
id: 11111111-2222-4333-8444-555555555555
description: whoami run by someone.
logsource:
    category: process_creation
    product: windows
detection:
    sel:
        Image|endswith: '\\whoami.exe'
    condition: sel
level: informational
tags:
    - attack.discovery
    - attack.t1033
    - attack.t1087
    - attack.t9999
`;

  it('is a one-step rule over the log source, one event enough, matches a minute apart merged', () => {
    const [rule] = compiled(text);
    expect(rule).toMatchObject({
      id: 'sigma-suspicious-whoami',
      title: 'Suspicious Whoami',
      description: 'whoami run by someone.',
      severity: 'low',
      techniques: ['T1087'],
      condition: { steps: [{ name: 'match', window: '1m', atLeast: 1, measure: 'count' }] },
      why: "{match.count} events matched the Sigma rule's detection from {match.first} to {match.last}.",
    });
    expect(rule!.condition.steps[0]!.match).toEqual({
      all: [
        { field: 'activity', in: ['process_start', 'app_install'] },
        { field: 'source', eq: 'windows' },
        { field: 'process_name', endsWithAny: ['\\whoami.exe'] },
      ],
    });
  });

  it('maps every level, medium when there is none', () => {
    const level = (value: string) =>
      compiled(text.replace('level: informational', value))[0]!.severity;
    expect(level('level: low')).toBe('low');
    expect(level('level: medium')).toBe('medium');
    expect(level('level: high')).toBe('high');
    expect(level('level: critical')).toBe('critical');
    expect(level('')).toBe('medium');
  });

  it('keeps an empty technique list when no tag is in the catalogue', () => {
    expect(compiled(text.replace('    - attack.t1087\n', ''))[0]!.techniques).toEqual([]);
  });

  it('is named after the Sigma id when the title has no letters', () => {
    expect(compiled(text.replace('title: Suspicious Whoami', "title: '???'"))[0]!.id).toBe(
      'sigma-11111111-2222-4333-8444-555555555555',
    );
  });

  it('gives two rules of one text with the same title different ids', () => {
    const rules = compiled(`${text}---\n${text.replace('id: 11111111', 'id: 21111111')}`);
    expect(rules.map((rule) => rule.id)).toEqual([
      'sigma-suspicious-whoami',
      'sigma-suspicious-whoami-2',
    ]);
  });

  it('splits long lists into the sizes a filter allows', () => {
    const values = Array.from({ length: 230 }, (_, i) => `'\\tool${i}.exe'`).join(', ');
    const [filter] = detectionOf(
      sigmaRule(PROCESS, `    sel:\n        Image|endswith: [${values}]\n    condition: sel`),
    );
    expect(
      (filter as { any: Array<{ endsWithAny: string[] }> }).any.map((f) => f.endsWithAny.length),
    ).toEqual([100, 100, 30]);
  });
});
