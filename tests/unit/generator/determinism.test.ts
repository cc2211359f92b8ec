import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generate,
  sourceIds,
  type GeneratorOptions,
} from '../../../src/server/demo/generator/index';

const options: GeneratorOptions = { employees: 24, days: 10, seed: 42, endDate: '2026-06-30' };

function digests(o: GeneratorOptions): Record<string, string> {
  const dataset = generate(o);
  return Object.fromEntries(
    dataset.sources.map((s) => {
      const hash = createHash('sha256');
      for (const line of s.lines()) hash.update(`${line}\n`);
      return [s.id, hash.digest('hex')];
    }),
  );
}

describe('a seed reproduces the dataset', { timeout: 30_000 }, () => {
  it('writes byte-identical files for the same options', () => {
    expect(digests(options)).toEqual(digests(options));
  });

  it('gives the same bytes when a stream is read twice from one dataset', () => {
    const dataset = generate(options);
    const okta = dataset.source('okta');
    expect([...okta.lines()].join('\n')).toBe([...okta.lines()].join('\n'));
  });

  it('changes every file when the seed changes', () => {
    const a = digests(options);
    const b = digests({ ...options, seed: 43 });
    for (const id of sourceIds) expect(a[id], id).not.toBe(b[id]);
  });

  it('scales activity with the events-per-workday rate', () => {
    const count = (rate: number): number =>
      [
        ...generate({ ...options, scenarios: [], eventsPerWorkday: rate })
          .source('slack')
          .records(),
      ].length;
    expect(count(90)).toBeGreaterThan(count(45) * 1.6);
  });
});

describe('options are checked before anything is generated', { timeout: 30_000 }, () => {
  it.each([
    [{ employees: 0 }, /employees must be a whole number between 1/],
    [{ days: 2.5 }, /days must be a whole number/],
    [{ endDate: '2026-02-30' }, /not a calendar date/],
    [{ endDate: 'yesterday' }, /Expected a date like 2026-11-20/],
    [{ scenarios: [{ id: 'time-travel' as never, count: 1 }] }, /Unknown scenario "time-travel"/],
    [{ eventsPerWorkday: 0 }, /eventsPerWorkday must be above 0/],
  ])('rejects %j', (bad, message) => {
    expect(() => generate({ ...options, ...bad })).toThrow(message);
  });

  it('explains when there are more storylines than people who can carry them', () => {
    expect(() => generate({ ...options, employees: 5 })).toThrow(
      /use more employees or fewer scenarios/,
    );
  });
});
