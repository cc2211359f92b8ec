import { describe, expect, it } from 'vitest';

import { parseHuntQuery } from '../../../src/server/hunt/parse-query';
import type { HuntNode } from '../../../src/server/hunt/query-tree';
import { pivotQuery } from '../../../src/shared/hunt/query-text';
import { pivotValueAt, pivotValuesOf } from '../../../src/shared/hunt/row-fields';
import type { HuntRow } from '../../../src/shared/schemas/hunt';

/** The field and literal value of a one-term query, as the server reads it. */
function term(node: HuntNode | null): { field: string | null; value: string } {
  if (node?.kind !== 'term' || node.wildcard)
    throw new Error(`not one literal term: ${JSON.stringify(node)}`);
  return { field: node.field, value: node.value };
}

const awkward = [
  'Q3 forecast.xlsx',
  'C:\\Users\\ana\\secret "final".docx',
  'report*2026?.pdf',
  'AND',
  'NOT',
  'a:b',
  '(draft)',
  'Person 7F3K-9QX2',
  'plain_name.txt',
  'ana@example.com',
];

describe('pivotQuery', () => {
  it.each(awkward)('writes %s so the server reads back that exact value', (value) => {
    expect(term(parseHuntQuery(pivotQuery('anything', 'file.name', value, 'only')))).toEqual({
      field: 'file.name',
      value,
    });
  });

  it('adds with AND and excludes with NOT, grouping a query that has OR', () => {
    expect(pivotQuery('source:okta', 'app', 'Dropbox', 'and')).toBe('source:okta AND app:Dropbox');
    expect(pivotQuery('source:okta OR source:m365', 'app', 'My App', 'not')).toBe(
      '(source:okta OR source:m365) AND NOT app:"My App"',
    );
    expect(pivotQuery('', 'app', 'Dropbox', 'not')).toBe('NOT app:Dropbox');
    const tree = parseHuntQuery(pivotQuery('a OR b', 'file.name', 'x*y', 'not'));
    expect(tree?.kind).toBe('and');
  });
});

const row: HuntRow = {
  id: 'e1',
  time: 0,
  source: 'windows',
  category: 'file',
  activity: 'usb_write',
  action: 'FileCreated',
  outcome: 'success',
  app: null,
  target: null,
  fileName: 'Q3 forecast.xlsx',
  fileLabel: null,
  destination: 'usb',
  device: 'LAPTOP-1',
  summary: 'Wrote to removable media Q3 forecast.xlsx',
  person: {
    id: 'E10003',
    fullName: 'Person 7F3K-9QX2',
    email: 'person-7f3k-9qx2@pseudonymized.invalid',
    pseudonym: 'Person 7F3K-9QX2',
    identity: 'pseudonymized',
    department: null,
    title: null,
  },
};

describe('the values of a hunt row', () => {
  it('maps grid columns onto hunting fields; a time or the sentence is none', () => {
    expect(pivotValueAt(row, 'fileName')).toEqual({
      label: 'File name',
      field: 'file.name',
      value: 'Q3 forecast.xlsx',
    });
    expect(pivotValueAt(row, 'person')?.value).toBe('Person 7F3K-9QX2');
    expect(pivotValueAt(row, 'device')?.field).toBe('device.name');
    expect(pivotValueAt(row, 'time')).toBeNull();
    expect(pivotValueAt(row, 'summary')).toBeNull();
    // An empty cell has nothing to pivot on.
    expect(pivotValueAt(row, 'app')).toBeNull();
  });

  it('lists only the values a row has, file name first', () => {
    const fields = pivotValuesOf(row).map((v) => v.field);
    expect(fields[0]).toBe('file.name');
    expect(fields).not.toContain('app');
    expect(fields).toContain('file.destination');
  });
});
