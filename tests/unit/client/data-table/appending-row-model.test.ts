import { constructTable, tableFeatures } from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { describe, expect, it } from 'vitest';

import { createAppendingCoreRowModel } from '../../../../src/client/components/data-table/appending-row-model';
import type { Person } from './support/people';
import { manyPeople } from './support/people';

const features = tableFeatures({
  coreReactivityFeature: storeReactivityBindings(),
  coreRowModel: createAppendingCoreRowModel(),
});

function tableOf(data: Person[]) {
  return constructTable({
    features,
    columns: [{ id: 'name', accessorFn: (p: Person) => p.name }],
    data,
    getRowId: (p) => p.id,
  });
}

describe('appending core row model', () => {
  it('keeps the rows it built when a page is appended, and builds only the new ones', () => {
    const all = manyPeople(300);
    const table = tableOf(all.slice(0, 100));
    const first = table.getCoreRowModel();
    table.setOptions((options) => ({ ...options, data: all.slice(0, 200) }));
    const second = table.getCoreRowModel();
    expect(second).not.toBe(first);
    expect(second.rows).toHaveLength(200);
    expect(second.rows[99]).toBe(first.rows[99]);
    expect(second.rows[150]?.id).toBe('p150');
    expect(second.rows[150]?.index).toBe(150);
    expect(second.rowsById.p150).toBe(second.rows[150]);
    expect(second.rows[150]?.getValue('name')).toBe('Person 150');
  });

  it('rebuilds everything when the data is not the old data plus more', () => {
    const all = manyPeople(10);
    const table = tableOf(all);
    const first = table.getCoreRowModel();
    const reversed = [...all].reverse();
    table.setOptions((options) => ({ ...options, data: reversed }));
    const second = table.getCoreRowModel();
    expect(second.rows.map((row) => row.id)).toEqual(reversed.map((p) => p.id));
    expect(second.rows[0]).not.toBe(first.rows[9]);
    expect(second.rows[0]?.index).toBe(0);
    expect(Object.keys(second.rowsById)).toHaveLength(10);
  });
});
