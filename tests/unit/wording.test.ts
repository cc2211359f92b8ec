import { describe, expect, it } from 'vitest';

import { renderWhy } from '../../src/server/analysis/rules/why';
import type { StepFacts } from '../../src/server/analysis/rules/why';
import { removableMediaVolume } from '../../src/server/analysis/findings/devices.report';
import { keyLabel, plural, pluralOf, singularOf } from '../../src/shared/wording';

const facts = (count: number, distinct: number | null = null): StepFacts => ({
  count,
  distinct,
  sum: null,
  first: Date.parse('2026-10-01T09:00:00Z'),
  last: Date.parse('2026-10-01T10:00:00Z'),
  usual: null,
});

describe('counts with their nouns', () => {
  it('says 1 event and 2 events, with separators', () => {
    expect(plural(1, 'event')).toBe('1 event');
    expect(plural(2, 'event')).toBe('2 events');
    expect(plural(1204, 'repository')).toBe('1,204 repositories');
    expect(plural(0, 'match')).toBe('0 matches');
    expect(plural(1, 'file was', 'files were')).toBe('1 file was');
  });

  it('turns regular plurals back', () => {
    for (const noun of ['event', 'repository', 'match', 'change', 'message', 'time'])
      expect(singularOf(pluralOf(noun))).toBe(noun);
  });

  it('names stored keys', () => {
    expect(keyLabel('personal_email')).toBe('Personal email');
    expect(keyLabel('email_send')).toBe('Email send');
    expect(keyLabel('usb')).toBe('USB / removable media');
    expect(keyLabel('file_download')).toBe('File download');
  });
});

describe('a rule’s why sentence agrees with its counts', () => {
  const steps = [{ name: 'match', measure: 'count' as const }];
  it('"1 event matched", "2 events matched"', () => {
    const template = '{match.count} events matched the rule from {match.first}.';
    expect(renderWhy(template, steps, [facts(1)])).toMatch(/^1 event matched the rule/);
    expect(renderWhy(template, steps, [facts(2)])).toMatch(/^2 events matched the rule/);
  });

  it('"1 repository was cloned", past an adjective', () => {
    const distinct = [{ name: 'clones', measure: { distinct: 'repository' } }];
    expect(renderWhy('{clones.distinct} repositories were cloned.', distinct, [facts(3, 1)])).toBe(
      '1 repository was cloned.',
    );
    expect(
      renderWhy(
        '{clones.count} sensitive files were downloaded.',
        [{ name: 'clones', measure: 'count' }],
        [facts(1)],
      ),
    ).toBe('1 sensitive file was downloaded.');
  });
});

describe('the report’s removable media volume', () => {
  it('says the files when the logs gave no sizes, never "0 B" beside 7 writes', () => {
    expect(removableMediaVolume({ removableMedia: { writes: 7, bytes: 0 } })).toBe(
      '7 files, sizes not logged',
    );
    expect(removableMediaVolume({ removableMedia: { writes: 0, bytes: 0 } })).toBe('0 B');
  });
});
