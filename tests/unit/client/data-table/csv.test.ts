import { describe, expect, it } from 'vitest';

import type { CsvColumn } from '../../../../src/client/components/data-table/csv';
import { csvField, csvFileName, toCsv } from '../../../../src/client/components/data-table/csv';

interface Row {
  user: string;
  note: string | null;
  bytes: number;
}

const columns: CsvColumn<Row>[] = [
  { header: 'User', value: (r) => r.user },
  { header: 'Note, free text', value: (r) => r.note },
  { header: 'Bytes', value: (r) => r.bytes },
];

describe('csv', () => {
  it('writes a header line and one CRLF-terminated line per row', () => {
    const csv = toCsv(columns, [
      { user: 'alice', note: 'ok', bytes: 1200 },
      { user: 'bob', note: null, bytes: 0 },
    ]);
    expect(csv).toBe('User,"Note, free text",Bytes\r\nalice,ok,1200\r\nbob,,0\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('plain')).toBe('plain');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil","click")')).toBe(
      `"'=HYPERLINK(""http://evil"",""click"")"`,
    );
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('a=1')).toBe('a=1');
  });

  it('keeps numbers, booleans and blanks as they are', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(3.25)).toBe('3.25');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('writes only the columns it is given, in their order', () => {
    const csv = toCsv([columns[2]!, columns[0]!], [{ user: 'alice', note: 'x', bytes: 7 }]);
    expect(csv).toBe('Bytes,User\r\n7,alice\r\n');
  });

  it('makes a safe file name ending in .csv', () => {
    expect(csvFileName('Events: alice/bob')).toBe('Events- alice-bob.csv');
    expect(csvFileName('investigations.csv')).toBe('investigations.csv');
    expect(csvFileName('  ')).toBe('export.csv');
  });
});
