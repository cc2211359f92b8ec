// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { DataTable } from '../../../../src/client/components/data-table/data-table';
import type { DataTableHandle } from '../../../../src/client/components/data-table/data-table';
import { installGridEnvironment } from './support/grid-env';
import type { Person } from './support/people';
import { people, personColumns } from './support/people';

installGridEnvironment();

/** The element the grid names as active (its row, or with a cell cursor its cell). */
function active(): HTMLElement | null {
  const id = screen.getByRole('grid').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

function renderPeople(cellCursor: boolean, startsOn?: (columnId: string) => boolean) {
  const table = createRef<DataTableHandle<Person>>();
  const onOpen = vi.fn();
  render(
    <DataTable
      label="People"
      columns={personColumns}
      rows={people}
      getRowId={(p) => p.id}
      cellCursor={cellCursor || undefined}
      {...(startsOn ? { cellCursorStartsOn: startsOn } : {})}
      tableRef={table}
      onOpen={onOpen}
    />,
  );
  return { table, onOpen };
}

describe('DataTable cell cursor', () => {
  it('moves along the cursor row with Left and Right, and says which column it is on', async () => {
    const user = userEvent.setup();
    const { table, onOpen } = renderPeople(true);
    await user.click(screen.getByText('Carol'));
    expect(active()?.getAttribute('role')).toBe('gridcell');
    expect(active()?.textContent).toBe('Carol');
    expect(table.current?.cursorColumn()).toBe('name');

    await user.keyboard('{ArrowRight}');
    expect(active()?.textContent).toBe('41');
    expect(active()?.getAttribute('aria-colindex')).toBe('2');
    expect(table.current?.cursorColumn()).toBe('age');
    // Past the last column it stays there; Down keeps the column on the next row.
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(table.current?.cursorColumn()).toBe('age');
    expect(active()?.textContent).toBe('29');
    expect(table.current?.cursorRow()?.name).toBe('alice');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(active()?.textContent).toBe('alice');
    // Enter still opens the row.
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(people[1], { newTab: false });
  });

  it('starts on the first column the screen says it may start on, until moved', async () => {
    const user = userEvent.setup();
    const { table } = renderPeople(true, (id) => id === 'age');
    expect(table.current?.cursorColumn()).toBe('age');
    act(() => screen.getByRole('grid').focus());
    expect(active()?.getAttribute('aria-colindex')).toBe('2');
    await user.keyboard('{ArrowLeft}');
    expect(table.current?.cursorColumn()).toBe('name');
    // Without such a column shown it starts on the first.
    const none = renderPeople(true, () => false);
    expect(none.table.current?.cursorColumn()).toBe('name');
  });

  it('goes to the cell a click lands on', async () => {
    const user = userEvent.setup();
    const { table } = renderPeople(true);
    await user.click(screen.getByText('35'));
    expect(table.current?.cursorRow()?.name).toBe('Bob');
    expect(table.current?.cursorColumn()).toBe('age');
    expect(within(active()!.closest('[role="row"]')!).getByText('Bob')).toBeTruthy();
  });

  it('is not there unless asked for: the grid names its row and Left/Right do nothing', async () => {
    const user = userEvent.setup();
    const { table } = renderPeople(false);
    await user.click(screen.getByText('Carol'));
    await user.keyboard('{ArrowRight}');
    expect(active()?.getAttribute('role')).toBe('row');
    expect(table.current?.cursorColumn()).toBeNull();
    expect(document.querySelector('[data-cell-cursor]')).toBeNull();
  });
});
