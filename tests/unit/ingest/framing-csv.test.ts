import { describe, expect, it } from 'vitest';

import { readCsv } from '../../../src/server/ingest/framing/csv';
import { chunksOf, drain } from './support/byte-streams';

describe('CSV framing', () => {
  it('keys rows by the header and numbers them by the line they start on', async () => {
    const text =
      '\uFEFFemployee_id,full_name,title\r\n' +
      'E1,"Doe, Jane","Head of ""R&D"""\r\n' +
      '\r\n' +
      'E2,"Smith\nJohn",\r\n' +
      'E3,Lee,Engineer';
    for (const size of [1, 4, 1000]) {
      expect(await drain(readCsv(chunksOf(text, size)))).toEqual([
        [2, { employee_id: 'E1', full_name: 'Doe, Jane', title: 'Head of "R&D"' }],
        [4, { employee_id: 'E2', full_name: 'Smith\nJohn', title: '' }],
        [6, { employee_id: 'E3', full_name: 'Lee', title: 'Engineer' }],
      ]);
    }
  });

  it('reports a row with the wrong number of fields and reads on', async () => {
    const items = await drain(readCsv(chunksOf('a,b\n1,2\n3,4,5\n6,7\n')));
    expect(items).toEqual([
      [2, { a: '1', b: '2' }],
      'line 3: has 3 fields but the header row has 2; quote values that contain commas',
      [4, { a: '6', b: '7' }],
    ]);
  });

  it('says a quote left open at the end of input means the file is truncated', async () => {
    expect(await drain(readCsv(chunksOf('a,b\n1,"never closed\n2,3')))).toEqual([
      'line 2: unexpected end of input: a quoted field is never closed (the CSV is truncated)',
    ]);
  });

  it('refuses a header row with a duplicate or empty column name', async () => {
    expect(await drain(readCsv(chunksOf('email,email\nx,y\n')))).toEqual([
      'line 1: the header row names the column "email" twice',
    ]);
    expect(await drain(readCsv(chunksOf('email,,name\nx,y,z\n')))).toEqual([
      'line 1: column 2 of the header row has no name',
    ]);
  });
});
