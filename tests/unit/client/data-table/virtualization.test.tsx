// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { DataTable } from '../../../../src/client/components/data-table/data-table';
import { installGridEnvironment, scrollGrid } from './support/grid-env';
import { manyPeople, personColumns } from './support/people';

installGridEnvironment();

const ROW = 28;
const ROWS = 100_000;
const rows = manyPeople(ROWS);

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

function rowIndexes(): number[] {
  return bodyRows().map((row) => Number(row.getAttribute('aria-rowindex')));
}

describe('DataTable virtualization', () => {
  it('keeps about sixty row elements in the DOM for 100,000 rows, wherever it is scrolled', async () => {
    render(<DataTable label="Many" columns={personColumns} rows={rows} getRowId={(p) => p.id} />);
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    expect(screen.getByText('100,000 rows')).toBeTruthy();
    const atTop = bodyRows().length;
    expect(atTop).toBeGreaterThan(10);
    expect(atTop).toBeLessThanOrEqual(60);
    expect(rowIndexes()[0]).toBe(2);

    await act(async () => {
      scrollGrid(grid, 50_000 * ROW);
      await Promise.resolve();
    });
    await waitFor(() => expect(rowIndexes()).toContain(50_002));
    expect(bodyRows().length).toBeLessThanOrEqual(60);
    const transform = bodyRows()[0]?.style.transform ?? '';
    expect(Number(/translateY\((\d+)px\)/.exec(transform)?.[1])).toBeGreaterThan(49_000 * ROW);
  });

  it('scrolls the cursor row into view when End moves it to the last row', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Many" columns={personColumns} rows={rows} getRowId={(p) => p.id} />);
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    await user.keyboard('{End}');
    await waitFor(() => expect(rowIndexes()).toContain(ROWS + 1));
    expect(bodyRows().length).toBeLessThanOrEqual(60);
    const active = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain(`Person ${ROWS - 1}`);
    expect(grid.scrollTop).toBeGreaterThan((ROWS - 20) * ROW);
  });

  it('scrolls the row the page opened into view once, leaving focus and later scrolls alone', async () => {
    const table = (selectedRowId: string | null, data = rows) => (
      <DataTable
        label="Many"
        columns={personColumns}
        rows={data}
        getRowId={(p) => p.id}
        selectedRowId={selectedRowId}
      />
    );
    const { rerender } = render(table('p70000'));
    const grid = screen.getByRole('grid');
    await waitFor(() => expect(rowIndexes()).toContain(70_002));
    const opened = bodyRows().find((row) => row.getAttribute('aria-rowindex') === '70002');
    expect(opened?.getAttribute('aria-selected')).toBe('true');
    expect(grid.scrollTop).toBeGreaterThan(69_000 * ROW);
    expect(document.activeElement).not.toBe(grid);

    // The user scrolls back to the top; new rows and renders keep the person open but stay put.
    await act(async () => {
      scrollGrid(grid, 0);
      await Promise.resolve();
    });
    await waitFor(() => expect(rowIndexes()[0]).toBe(2));
    rerender(table('p70000', [...rows]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(grid.scrollTop).toBe(0);
    expect(rowIndexes()[0]).toBe(2);

    // Opening someone else brings them into view in turn.
    rerender(table('p90000', [...rows]));
    await waitFor(() => expect(rowIndexes()).toContain(90_002));
  });
});
