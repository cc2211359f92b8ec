import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { attackTechniques, isKnownTechnique } from '../../../src/shared/attack';
import { parseRuleFile, readRules, RULES_DIR } from '../../../src/server/analysis/rules/load-rules';

const base = {
  id: 'sample-rule',
  title: 'Sample',
  description: 'A rule for the tests.',
  severity: 'high',
  techniques: ['T1052.001'],
  condition: {
    steps: [
      {
        name: 'writes',
        match: { all: [{ field: 'activity', eq: 'usb_write' }] },
        window: '1d',
        atLeast: 3,
      },
    ],
  },
  why: '{writes.count} files between {writes.first} and {writes.last}.',
};

/** Validates a variant of the sample rule and returns its problems ([] when valid). */
function problems(change: (rule: any) => void): string[] {
  const rule = structuredClone(base) as any;
  change(rule);
  const result = parseRuleFile(`${rule.id}.json`, JSON.stringify(rule));
  return 'problems' in result ? result.problems : [];
}

describe('the shipped rule files', () => {
  const { rules, invalid } = readRules();

  it('all load and validate', () => {
    expect(invalid).toEqual([]);
    expect(rules.length).toBeGreaterThanOrEqual(9);
    expect(fs.readdirSync(RULES_DIR).filter((f) => f.endsWith('.json'))).toHaveLength(rules.length);
  });

  it('name only techniques of the ATT&CK catalogue', () => {
    for (const rule of rules)
      for (const technique of rule.techniques)
        expect(isKnownTechnique(technique), `${rule.id}: ${technique}`).toBe(true);
  });

  it('cover every technique the issue asks for', () => {
    const covered = new Set(rules.flatMap((rule) => rule.techniques));
    for (const id of [
      'T1052.001',
      'T1567.002',
      'T1048',
      'T1213.003',
      'T1560',
      'T1070',
      'T1059.001',
      'T1070.004',
      'T1485',
      'T1078',
      'T1098',
    ]) {
      expect(covered.has(id), id).toBe(true);
    }
  });

  it('have unique ids', () => {
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
  });
});

describe('a rule file is refused when', () => {
  it('is valid as written (the baseline of these cases)', () => {
    expect(problems(() => undefined)).toEqual([]);
  });

  it('has a field the language does not know', () => {
    expect(problems((r) => (r.owner = 'me')).join()).toMatch(/owner/);
    expect(problems((r) => (r.condition.steps[0].threshold = 3)).join()).toMatch(/threshold/);
  });

  it('names a technique outside the catalogue', () => {
    expect(problems((r) => (r.techniques = ['T9999'])).join()).toMatch(
      /T9999 is not in Vigil's ATT&CK catalogue/,
    );
  });

  it('filters on an unknown column', () => {
    expect(
      problems((r) => r.condition.steps[0].match.all.push({ field: 'file_lable', eq: 'x' })).join(),
    ).toMatch(/unknown field "file_lable"/);
  });

  it('uses an unknown operator, two operators, or one that does not fit the field', () => {
    expect(
      problems((r) =>
        r.condition.steps[0].match.all.push({ field: 'file_name', like: 'x' }),
      ).join(),
    ).toMatch(/unknown operator "like"/);
    expect(
      problems((r) =>
        r.condition.steps[0].match.all.push({ field: 'file_name', eq: 'a', ne: 'b' }),
      ).join(),
    ).toMatch(/exactly one operator/);
    expect(
      problems((r) =>
        r.condition.steps[0].match.all.push({ field: 'file_size', containsAny: ['1'] }),
      ).join(),
    ).toMatch(/does not apply to file_size/);
    expect(
      problems((r) =>
        r.condition.steps[0].match.all.push({ field: 'file_size', gt: 'big' }),
      ).join(),
    ).toMatch(/expected a number/);
    expect(
      problems((r) =>
        r.condition.steps[0].match.all.push({ field: 'file_label', in: { config: 'nope' } }),
      ).join(),
    ).toMatch(/not a configuration list/);
  });

  it('does not limit the activity (the index could not be used)', () => {
    expect(
      problems(
        (r) => (r.condition.steps[0].match = { field: 'file_label', eq: 'Confidential' }),
      ).join(),
    ).toMatch(/must limit "activity"/);
  });

  it('has a malformed duration, a sequence without "within" or a threshold below zero', () => {
    expect(problems((r) => (r.condition.steps[0].window = '3 days')).join()).toMatch(/duration/);
    expect(
      problems((r) =>
        r.condition.steps.push({ ...structuredClone(base.condition.steps[0]), name: 'later' }),
      ).join(),
    ).toMatch(/within/);
    expect(problems((r) => (r.condition.steps[0].atLeast = -1)).join()).toMatch(/atLeast/);
  });

  it('measures what cannot be measured', () => {
    expect(problems((r) => (r.condition.steps[0].measure = { sum: 'file_name' })).join()).toMatch(
      /cannot be measured with sum/,
    );
  });

  it('has a why sentence with an unknown step, property or stray brace', () => {
    expect(problems((r) => (r.why = '{reads.count} files')).join()).toMatch(/names no step/);
    expect(problems((r) => (r.why = '{writes.distinct} files')).join()).toMatch(
      /does not measure distinct/,
    );
    expect(problems((r) => (r.why = '{writes.after} later')).join()).toMatch(/comes after nothing/);
    expect(problems((r) => (r.why = '{writes.count files')).join()).toMatch(/brace/);
  });

  it('is not named after its id, or is not JSON', () => {
    expect('problems' in parseRuleFile('other.json', JSON.stringify(base))).toBe(true);
    expect('problems' in parseRuleFile('sample-rule.json', '{ "id": ')).toBe(true);
  });

  it('stops the loader, which names the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-rules-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'sample-rule.json'),
        JSON.stringify({ ...base, techniques: ['T0000'] }),
      );
      const { invalid } = readRules(dir);
      expect(invalid[0]?.file).toBe('sample-rule.json');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the ATT&CK catalogue', () => {
  it('has each technique once', () => {
    expect(new Set(attackTechniques.map((t) => t.id)).size).toBe(attackTechniques.length);
  });
});
