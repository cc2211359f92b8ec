import { describe, expect, it } from 'vitest';

import { compileSigma } from '../../../src/server/analysis/rules/sigma/compile-sigma';
import { refusal, refused } from './sigma-support';

/**
 * A process-creation rule whose selection is the given lines (from line 7 on):
 * 1 title, 2 logsource, 3-4 keys, 5 detection, 6 sel:, 7... the lines, then the condition.
 */
function processRule(selection: string, condition = 'sel'): string {
  return `title: Test
logsource:
    category: process_creation
    product: windows
detection:
    sel:
${selection
  .split('\n')
  .map((line) => `        ${line}`)
  .join('\n')}
    condition: ${condition}
`;
}

describe('refused Sigma values and modifiers, each with its line and name', () => {
  it('an unknown modifier', () => {
    expect(refusal(processRule('CommandLine|foo: x'))).toEqual({
      line: 7,
      message: 'line 7: the modifier "foo" is not supported',
    });
  });

  it('utf16le without base64 after it', () => {
    expect(refusal(processRule('CommandLine: x\nImage|utf16le|contains: y')).message).toMatch(
      /^line 8: the modifier "utf16le" is not supported unless "base64" or "base64offset" follows it/,
    );
  });

  it('expand, fieldref and the time modifiers', () => {
    expect(refusal(processRule('CommandLine|expand: "%Admins%"')).message).toMatch(
      /^line 7: the modifier "expand" is not supported: placeholders/,
    );
    expect(refusal(processRule('CommandLine|fieldref: Image')).message).toMatch(
      /^line 7: the modifier "fieldref" is not supported/,
    );
    expect(refusal(processRule('CommandLine|hour: 3')).message).toMatch(
      /^line 7: the modifier "hour" is not supported/,
    );
  });

  it('a field with no mapping for the log source', () => {
    expect(refusal(processRule('Image: x\nHashes|contains: abc'))).toEqual({
      line: 8,
      message: 'line 8: the field "Hashes" has no mapping for logsource windows / process_creation',
    });
  });

  it('a regular expression JavaScript cannot compile', () => {
    expect(refusal(processRule("CommandLine|re: '(abc'")).message).toMatch(
      /^line 7: the regular expression of CommandLine cannot run in Vigil: not a valid regular expression/,
    );
  });

  it('regular expressions PostgreSQL would read differently: look-behind, back references', () => {
    expect(refusal(processRule("CommandLine|re: '(?<=a)b'")).message).toMatch(
      /^line 7: .*look-around and named groups/,
    );
    expect(refusal(processRule("CommandLine|re: '(a)\\1'")).message).toMatch(
      /^line 7: .*the back reference "\\1" is not supported/,
    );
  });

  it('a regex flag without re, or re after another modifier', () => {
    expect(refusal(processRule('CommandLine|contains|i: x')).message).toBe(
      'line 7: the modifier "i" only applies after "re"',
    );
    expect(refusal(processRule('CommandLine|contains|re: x')).message).toBe(
      'line 7: the modifier "re" must come first, before "contains"',
    );
  });

  it('a comparison on a text field, and a non-number for a numeric field', () => {
    expect(refusal(processRule('CommandLine|gt: 3')).message).toBe(
      'line 7: the modifier "gt" needs a number, but CommandLine is text in Vigil',
    );
    const m365 = `title: T
logsource:
    product: m365
    service: audit
detection:
    sel:
        FileSizeBytes|gt: big
    condition: sel
`;
    expect(refusal(m365).message).toBe('line 7: the value "big" of FileSizeBytes is not a number');
  });

  it('an invalid network for cidr', () => {
    const text = `title: T
logsource:
    category: network_connection
    product: windows
detection:
    sel:
        DestinationIp|cidr:
            - 10.0.0.0/8
            - 10.0.0.0/33
    condition: sel
`;
    expect(refusal(text).message).toBe(
      'line 9: "10.0.0.0/33" is not an IPv4 or IPv6 network (DestinationIp|cidr)',
    );
  });

  it('base64 of a value with wildcards', () => {
    expect(refusal(processRule("CommandLine|base64: 'who*'")).message).toBe(
      'line 7: "base64" cannot encode a value with wildcards (CommandLine)',
    );
  });

  it('null inside a list of values', () => {
    expect(refusal(processRule('CommandLine:\n    - a\n    - null')).message).toMatch(
      /^line 9: null cannot be part of a list of values/,
    );
  });

  it('keywords where no field holds the whole message', () => {
    const text = `title: T
logsource:
    category: process_creation
    product: windows
detection:
    keywords:
        - 'mimikatz'
    condition: keywords
`;
    expect(refusal(text).message).toMatch(
      /^line 6: keyword searches \(values without a field\) are not supported for logsource windows \/ process_creation/,
    );
  });
});

describe('refused conditions', () => {
  it('a condition naming a missing selection', () => {
    expect(refusal(processRule('Image: x', 'sel and not filter'))).toEqual({
      line: 8,
      message:
        'line 8: the condition names "filter", which is not a search identifier of this rule',
    });
  });

  it('a pattern matching nothing', () => {
    expect(refusal(processRule('Image: x', '1 of filter_*')).message).toBe(
      'line 8: "filter_*" matches no search identifier of this rule',
    );
  });

  it('near and aggregations', () => {
    expect(refusal(processRule('Image: x', 'sel near sel')).message).toMatch(
      /^line 8: the "near" operator is not supported/,
    );
    expect(refusal(processRule('Image: x', 'sel | count() by Image > 5')).message).toMatch(
      /^line 8: the aggregation "\| count\(\) by Image > 5" is not supported/,
    );
  });

  it('broken syntax', () => {
    expect(refusal(processRule('Image: x', '(sel and sel')).message).toBe(
      'line 8: the condition expects ")" but finds the end',
    );
    expect(refusal(processRule('Image: x', 'sel sel')).message).toBe(
      'line 8: the condition has "sel" where it should end',
    );
    expect(refusal(processRule('Image: x', '2 of sel')).message).toBe(
      'line 8: "2 of" is not supported; Sigma has "1 of" and "all of"',
    );
    expect(refusal(processRule('Image: x', 'sel*')).message).toBe(
      'line 8: the pattern "sel*" needs "1 of" or "all of" in front',
    );
  });

  it('a detection without condition, and timeframe', () => {
    const text = `title: T
logsource:
    product: windows
    service: security
detection:
    sel:
        EventID: 4625
    timeframe: 5m
    condition: sel
`;
    expect(refusal(text).message).toMatch(/^line 8: "timeframe" \(a Sigma 1 aggregation\)/);
    expect(refusal(text.replace('    timeframe: 5m\n    condition: sel\n', '')).message).toBe(
      'line 5: the detection has no condition',
    );
  });
});

describe('refused documents', () => {
  it('an unsupported log source', () => {
    const text = `title: T
logsource:
    category: process_creation
    product: linux
detection:
    sel:
        Image: x
    condition: sel
`;
    expect(refusal(text)).toEqual({
      line: 2,
      message:
        'line 2: the logsource category process_creation, product linux is not supported; Vigil reads the log sources listed in its Sigma README section',
    });
    expect(
      refusal(
        text.replace('product: linux', 'product: windows').replace('process_creation', 'wmi_event'),
      ).message,
    ).toMatch(/^line 2: the logsource category wmi_event, product windows is not supported/);
  });

  it('YAML that cannot be read, at its line', () => {
    const problem = refusal('title: T\nlogsource:\n  product: windows\n    service: security\n');
    expect(problem.line).toBe(3);
    expect(problem.message).toMatch(/^line 3: the YAML cannot be read: /);
  });

  it('a document without title, logsource or detection', () => {
    expect(
      refusal(processRule('Image: x').replace('title: Test\n', 'status: test\n')).message,
    ).toBe('line 1: the document has no "title"');
    expect(refusal('title: T\ndescription: nothing\n').message).toBe(
      'line 1: the document is neither a detection rule (with detection) nor a correlation rule',
    );
    expect(
      refusal('title: T\ndetection:\n    sel:\n        a: b\n    condition: sel\n').message,
    ).toBe('line 1: the rule has no logsource mapping');
  });

  it('another taxonomy, collection actions, filters and unknown levels', () => {
    expect(refusal(`taxonomy: ocsf\n${processRule('Image: x')}`).message).toMatch(
      /^line 1: the taxonomy "ocsf" is not supported/,
    );
    expect(refusal('action: global\ntitle: T\n').message).toMatch(
      /^line 1: Sigma collection actions \(global, reset, repeat\) are not supported/,
    );
    expect(refusal('title: T\nfilter:\n    rules: [a]\n').message).toBe(
      'line 2: Sigma filter documents are not supported',
    );
    expect(refusal(`${processRule('Image: x')}level: severe\n`).message).toMatch(
      /^line 9: the level "severe" is not one of informational, low, medium, high, critical/,
    );
  });

  it('an empty text', () => {
    expect(refusal('# nothing\n')).toEqual({ line: null, message: 'the text holds no Sigma rule' });
  });
});

describe('refusals are never half-applied', () => {
  it('returns no rule when one document of the text is refused, and a problem per broken document', () => {
    const good = processRule('Image: x');
    const bad = processRule('Hashes: x');
    const result = compileSigma(`${good}---\n${bad}---\n${bad}`);
    expect(result).not.toHaveProperty('rules');
    expect(refused(`${good}---\n${bad}---\n${bad}`).map((problem) => problem.line)).toEqual([
      16, 25,
    ]);
  });
});
