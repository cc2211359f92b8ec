import { describe, expect, it } from 'vitest';

import { compiled, refusal } from './sigma-support';

const failedLogin = `title: Failed Okta sign-in
id: 53ba33fd-3a50-4468-a5ef-c583635cfa92
name: failed_login
logsource:
    product: okta
    service: okta
detection:
    selection:
        eventType: user.session.start
        outcome.result: FAILURE
    condition: selection
level: low
tags:
    - attack.t1110
`;

const successfulLogin = `title: Okta sign-in
name: successful_login
logsource:
    product: okta
    service: okta
detection:
    selection:
        eventType: user.session.start
        outcome.result: SUCCESS
    condition: selection
level: medium
`;

const clone = `title: Repository cloned
name: clone
logsource:
    product: github
    service: audit
detection:
    selection:
        action: git.clone
    condition: selection
tags:
    - attack.t1213.003
`;

/** A correlation document (lines 1-3 fixed, then the correlation's own lines at 4 spaces). */
function correlation(body: string, head = 'title: The correlation\n'): string {
  return `${head}correlation:\n${body
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')}\n`;
}

const oktaMatch = (result: string) => ({
  all: [
    {
      field: 'activity',
      in: expect.arrayContaining(['login', 'login_failed', 'other']) as unknown,
    },
    { field: 'source', eq: 'okta' },
    { field: 'action', equalsAny: ['user.session.start'] },
    { field: 'attributes.outcomeResult', equalsAny: [result] },
  ],
});

describe('event_count', () => {
  const text = (condition: string, groupBy = 'actor.alternateId') =>
    `${correlation(
      `type: event_count\nrules:\n    - failed_login\ngroup-by:\n    - ${groupBy}\ntimespan: 10m\ncondition:\n    ${condition}`,
    )}level: high\n---\n${failedLogin}`;

  it('counts the rule’s events in the timespan: gte N is at least N', () => {
    const rules = compiled(text('gte: 5'));
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      id: 'sigma-the-correlation',
      severity: 'high',
      techniques: [],
      condition: { steps: [{ name: 'events', window: '10m', atLeast: 5, measure: 'count' }] },
      why: '{events.count} events matched "Failed Okta sign-in" from {events.first} to {events.last} (the correlation asks for at least 5 within 10m).',
    });
    expect(rules[0]!.condition.steps[0]!.match).toEqual(oktaMatch('FAILURE'));
  });

  it('gt N is at least N + 1', () => {
    expect(compiled(text('gt: 5'))[0]!.condition.steps[0]!.atLeast).toBe(6);
  });

  it('refuses lt, lte, eq, neq and ranges: a threshold is a lower bound', () => {
    for (const condition of ['lt: 5', 'lte: 5', 'eq: 5', 'neq: 5']) {
      expect(refusal(text(condition))).toEqual({
        line: 10,
        message: `line 10: the condition "${condition}" is not supported: a Vigil threshold is a lower bound, so only gte and gt can be said`,
      });
    }
    expect(refusal(text('gt: 100\n    lte: 200')).message).toBe(
      'line 11: the condition "lte: 200" is not supported: a Vigil threshold is a lower bound, so only gte and gt can be said',
    );
    expect(refusal(text('gte: 0')).message).toMatch(
      /^line 10: the condition "gte: 0" holds without any event/,
    );
  });

  it('counts the events of several rules together', () => {
    const both = `${correlation('type: event_count\nrules:\n    - failed_login\n    - successful_login\ntimespan: 1h\ncondition:\n    gte: 20')}---\n${failedLogin}---\n${successfulLogin}`;
    const [rule] = compiled(both);
    expect(rule!.severity).toBe('medium');
    expect(rule!.techniques).toEqual([]);
    expect(rule!.condition.steps[0]!.match).toEqual({
      all: [
        { field: 'activity', in: expect.arrayContaining(['login', 'login_failed']) as unknown },
        { any: [oktaMatch('FAILURE'), oktaMatch('SUCCESS')] },
      ],
    });
  });

  it('takes the rules’ highest level and their techniques when the correlation has none', () => {
    const [rule] = compiled(
      `${correlation('type: event_count\nrules: [failed_login]\ntimespan: 1h\ncondition:\n    gte: 2')}---\n${failedLogin.replace('attack.t1110', 'attack.t1078')}`,
    );
    expect(rule).toMatchObject({ severity: 'low', techniques: ['T1078'] });
  });

  it('refuses a group-by that is not the person, naming the field', () => {
    expect(refusal(text('gte: 5', 'client.ipAddress'))).toEqual({
      line: 7,
      message:
        'line 7: the group-by field "client.ipAddress" does not identify the person in logsource okta: Vigil correlates one person\'s events, so group-by may only name the person (User, user, actor.alternateId, UserId, actor...) or be empty',
    });
  });

  it('accepts the generic person names and an alias that names the person', () => {
    expect(compiled(text('gte: 5', 'user'))).toHaveLength(1);
    const aliased = `${correlation(
      'type: event_count\nrules: [failed_login]\ngroup-by: [who]\naliases:\n    who:\n        failed_login: actor.alternateId\ntimespan: 10m\ncondition:\n    gte: 3',
    )}---\n${failedLogin}`;
    expect(compiled(aliased)).toHaveLength(1);
  });
});

describe('value_count and value_sum', () => {
  it('value_count measures the distinct values of a column', () => {
    const text = `${correlation('type: value_count\nrules: [clone]\ngroup-by: [actor]\ntimespan: 1h\ncondition:\n    field: repo\n    gte: 10')}---\n${clone}`;
    const [rule] = compiled(text);
    expect(rule).toMatchObject({
      techniques: ['T1213.003'],
      condition: {
        steps: [{ name: 'values', window: '1h', atLeast: 10, measure: { distinct: 'repository' } }],
      },
      why: '{values.distinct} different values of repo in {values.count} events matching "Repository cloned" from {values.first} to {values.last} (the correlation asks for at least 10 within 1h).',
    });
  });

  it('value_sum adds up a number column', () => {
    const download = `title: Download\nname: download\nlogsource:\n    product: m365\n    service: audit\ndetection:\n    sel:\n        Operation: FileDownloaded\n    condition: sel\n`;
    const text = `${correlation('type: value_sum\nrules: [download]\ngroup-by: [UserId]\ntimespan: 2h\ncondition:\n    field: FileSizeBytes\n    gt: 1000')}---\n${download}`;
    expect(compiled(text)[0]!.condition.steps[0]).toMatchObject({
      name: 'total',
      window: '2h',
      atLeast: 1001,
      measure: { sum: 'file_size' },
    });
  });

  it('refuses a field kept among the attributes, a field of the wrong kind, and no field', () => {
    const net = `title: Net\nname: net\nlogsource:\n    category: network_connection\n    product: windows\ndetection:\n    sel:\n        Initiated: 'true'\n    condition: sel\n`;
    const measure = (field: string) =>
      `${correlation(`type: value_count\nrules: [net]\ntimespan: 1h\ncondition:\n    field: ${field}\n    gte: 3`)}---\n${net}`;
    expect(refusal(measure('DestinationPort')).message).toMatch(
      /^line 7: the field "DestinationPort" is kept among the event's attributes, which Vigil cannot measure/,
    );
    expect(refusal(measure('Hashes')).message).toBe(
      'line 7: the field "Hashes" has no mapping for logsource windows / network_connection',
    );
    expect(
      refusal(
        `${correlation('type: value_count\nrules: [clone]\ntimespan: 1h\ncondition:\n    gte: 3')}---\n${clone}`,
      ).message,
    ).toBe('line 6: a value_count correlation names its field in the condition');
    expect(
      refusal(
        `${correlation('type: value_sum\nrules: [clone]\ntimespan: 1h\ncondition:\n    field: repo\n    gte: 3')}---\n${clone}`,
      ).message,
    ).toBe('line 7: the field "repo" holds text; value_sum needs numbers');
  });
});

describe('temporal_ordered and temporal', () => {
  const ordered = `${correlation('type: temporal_ordered\nrules:\n    - many_failed\n    - successful_login\ngroup-by: [User]\ntimespan: 10m')}level: high
---
${correlation('type: event_count\nrules: [failed_login]\ngroup-by: [User]\ntimespan: 10m\ncondition:\n    gte: 10', 'title: Multiple failed logins\nname: many_failed\n')}---
${failedLogin}---
${successfulLogin}`;

  it('temporal_ordered is a sequence, each step at most timespan after the previous', () => {
    const rules = compiled(ordered);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      severity: 'high',
      condition: {
        within: '10m',
        steps: [
          { name: 'step1', window: '10m', atLeast: 10 },
          { name: 'step2', window: '1m', atLeast: 1 },
        ],
      },
      why: '"Multiple failed logins" matched {step1.count} events from {step1.first}; then "Okta sign-in" matched {step2.count} events {step2.after} later.',
    });
    expect(rules[0]!.condition.steps[1]!.match).toEqual(oktaMatch('SUCCESS'));
  });

  it('generate: true also runs the rules the correlation uses', () => {
    const rules = compiled(ordered.replace('level: high\n', 'level: high\ngenerate: true\n'));
    expect(rules.map((rule) => rule.id)).toEqual([
      'sigma-the-correlation',
      'sigma-multiple-failed-logins',
      'sigma-okta-sign-in',
    ]);
  });

  it('temporal (any order) runs every order of 2 or 3 rules as its own sequence', () => {
    const two = compiled(
      `${correlation('type: temporal\nrules: [failed_login, successful_login]\ngroup-by: [user]\ntimespan: 1h')}---\n${failedLogin}---\n${successfulLogin}`,
    );
    expect(two.map((rule) => [rule.id, rule.title])).toEqual([
      ['sigma-the-correlation-1', 'The correlation: Failed Okta sign-in, then Okta sign-in'],
      ['sigma-the-correlation-2', 'The correlation: Okta sign-in, then Failed Okta sign-in'],
    ]);
    expect(two[1]!.condition.steps.map((step) => step.match)).toEqual([
      oktaMatch('SUCCESS'),
      oktaMatch('FAILURE'),
    ]);
    const three = compiled(
      `${correlation('type: temporal\nrules: [failed_login, successful_login, clone]\ntimespan: 1h')}---\n${failedLogin}---\n${successfulLogin}---\n${clone}`,
    );
    expect(three).toHaveLength(6);
  });

  it('refuses a temporal condition that does not ask for every rule', () => {
    const text = `${correlation('type: temporal\nrules: [failed_login, successful_login]\ntimespan: 1h\ncondition:\n    gte: 1')}---\n${failedLogin}---\n${successfulLogin}`;
    expect(refusal(text).message).toMatch(
      /^line 7: the temporal condition "gte: 1" is not supported/,
    );
    expect(compiled(text.replace('gte: 1', 'gte: 2'))).toHaveLength(2);
  });

  it('refuses too many rules for a sequence', () => {
    const four = `${correlation('type: temporal\nrules: [a, b, c, d]\ntimespan: 1h')}`;
    const docs = ['a', 'b', 'c', 'd'].map((name) =>
      clone
        .replace('name: clone', `name: ${name}`)
        .replace('title: Repository cloned', `title: ${name}`),
    );
    expect(refusal([four, ...docs].join('---\n')).message).toMatch(
      /^line 2: a temporal correlation of 4 rules is not supported: Vigil runs every order of 2 or 3 rules as a sequence/,
    );
  });
});

describe('refused correlations', () => {
  it('an unknown correlation type, and the ones Vigil cannot measure', () => {
    expect(
      refusal(`${correlation('type: value_median\nrules: [clone]\ntimespan: 1h')}---\n${clone}`),
    ).toEqual({
      line: 3,
      message: 'line 3: the correlation type "value_median" is not supported',
    });
    expect(
      refusal(`${correlation('type: value_avg\nrules: [clone]\ntimespan: 1h')}---\n${clone}`)
        .message,
    ).toBe(
      'line 3: the correlation type "value_avg" is not supported: Vigil measures counts, distinct values and sums',
    );
  });

  it('a rule that is not in the text', () => {
    expect(
      refusal(
        `${correlation('type: event_count\nrules:\n    - clone\n    - elsewhere\ntimespan: 1h\ncondition:\n    gte: 2')}---\n${clone}`,
      ),
    ).toEqual({
      line: 6,
      message: 'line 6: the correlation refers to "elsewhere", which is not a rule in this text',
    });
  });

  it('an event_count over another correlation', () => {
    const inner = correlation(
      'type: event_count\nrules: [clone]\ntimespan: 1h\ncondition:\n    gte: 2',
      'title: Inner\nname: inner\n',
    );
    expect(
      refusal(
        `${correlation('type: event_count\nrules: [inner]\ntimespan: 1h\ncondition:\n    gte: 2')}---\n${inner}---\n${clone}`,
      ).message,
    ).toBe(
      'line 4: a event_count correlation counts the events of detection rules; "inner" is a correlation',
    );
  });

  it('timespans Vigil cannot measure', () => {
    const text = (timespan: string) =>
      `${correlation(`type: event_count\nrules: [clone]\ntimespan: ${timespan}\ncondition:\n    gte: 2`)}---\n${clone}`;
    expect(refusal(text('30s')).message).toBe(
      'line 5: the timespan 30s is not a whole number of minutes; Vigil measures windows in minutes',
    );
    expect(refusal(text('100d')).message).toBe(
      'line 5: the timespan 100d is longer than the 90 days Vigil looks back',
    );
    expect(refusal(text('2w')).message).toBe(
      'line 5: the timespan "2w" is not a number followed by s, m, h or d',
    );
    expect(compiled(text('120s'))[0]!.condition.steps[0]!.window).toBe('2m');
    expect(compiled(text('48h'))[0]!.condition.steps[0]!.window).toBe('2d');
  });

  it('two documents with the same name', () => {
    expect(refusal(`${clone}---\n${clone}`).message).toBe(
      'line 13: "clone" names two documents of this text (the other at line 1)',
    );
  });
});
