import { describe, expect, it } from 'vitest';

import { parserFor, parsers } from '../../../src/server/ingest/parsers/index';
import { seedRecords } from './support/seed-records';

describe('telling formats apart', () => {
  it('accepts each format only in its own parser, so a file uploaded to the wrong source fails fast', () => {
    for (const [source, seeds] of Object.entries(seedRecords)) {
      for (const seed of seeds) {
        const accepting = Object.entries(parsers)
          .filter(([, parser]) => parser.looksLike(seed))
          .map(([name]) => name);
        expect(accepting, `a ${source} record`).toEqual([source]);
      }
    }
  });

  it('says why a record is not of the format', () => {
    expect(parsers.okta.mismatch(seedRecords.github[0])).toBe('it has no `eventType`');
    expect(parsers.windows.mismatch('not json')).toBe('it is a string, not a JSON object');
    expect(parsers.slack.mismatch(seedRecords.slack[0])).toBeNull();
  });

  it('finds parsers by source id and refuses unknown ids', () => {
    expect(parserFor('okta')).toBe(parsers.okta);
    expect(parserFor('constructor')).toBeUndefined();
    expect(parserFor('splunk')).toBeUndefined();
  });
});
