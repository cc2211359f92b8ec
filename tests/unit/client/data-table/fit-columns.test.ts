import { describe, expect, it } from 'vitest';

import {
  columnsToDrop,
  keyColumnIds,
} from '../../../../src/client/components/data-table/fit-columns';

/** The investigations list: title, status and risk are its key columns. */
const cases = [
  { id: 'title', keyColumn: true },
  { id: 'subject', width: 170 },
  { id: 'status', width: 100, keyColumn: true },
  { id: 'risk', width: 110, keyColumn: true },
  { id: 'type', width: 150 },
  { id: 'assignee', width: 140 },
  { id: 'updated', width: 120 },
];

describe('a table narrower than its columns', () => {
  it('keeps every column when they fit, or when its width is not known yet', () => {
    expect(columnsToDrop(cases, 1400)).toEqual([]);
    expect(columnsToDrop(cases, null)).toEqual([]);
  });

  it('leaves out the right-most columns that are not key columns until the rest fit', () => {
    // Half of a 1440 px window beside the sidebar: about 560 px per pane.
    expect(columnsToDrop(cases, 560)).toEqual(['updated', 'assignee', 'type', 'subject']);
    expect(columnsToDrop(cases, 800)).toEqual(['updated', 'assignee']);
  });

  it('never leaves out a key column, however narrow', () => {
    const dropped = columnsToDrop(cases, 100);
    expect(cases.filter((c) => !dropped.includes(c.id)).map((c) => c.id)).toEqual([
      'title',
      'status',
      'risk',
    ]);
  });

  it('keeps the first column of a table that marks none', () => {
    const files = [
      { id: 'file' },
      { id: 'label', width: 150 },
      { id: 'events', width: 90 },
      { id: 'left', width: 180 },
    ];
    expect([...keyColumnIds(files)]).toEqual(['file']);
    expect(columnsToDrop(files, 300)).toEqual(['left', 'events', 'label']);
  });
});
