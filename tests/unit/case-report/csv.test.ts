import { describe, expect, it } from 'vitest';

import { csvField, csvLine } from '../../../src/server/case/report/csv';
import { csvRecords } from '../../api/case-record/zip-reader';

describe('CSV of an export', () => {
  it('neutralizes what a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])
      expect(csvField(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvField('plain text')).toBe('plain text');
    // Numbers are numbers: a negative count is not a formula.
    expect(csvField(-5)).toBe('-5');
  });

  it('quotes fields holding commas, quotes or line breaks, and reads back as written', () => {
    const values = ['a,b', 'say "hi"', 'two\nlines', '=1+2', null, 42, true];
    const line = csvLine(values);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(csvRecords(line)).toEqual([
      ['a,b', 'say "hi"', 'two\nlines', "'=1+2", '', '42', 'true'],
    ]);
  });
});
