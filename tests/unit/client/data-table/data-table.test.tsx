// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DataTable } from '../../../../src/client/components/data-table/data-table';
import { activeList } from '../../../../src/client/components/data-table/list-controller';
import { installGridEnvironment } from './support/grid-env';
import type { Person } from './support/people';
import { people, personColumns } from './support/people';

installGridEnvironment();

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

function names(): string[] {
  return bodyRows().map((row) => within(row).getAllByRole('gridcell')[0]?.textContent ?? '');
}

function cursorRow(): HTMLElement | null {
  const id = screen.getByRole('grid').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

function renderPeople(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  return render(
    <DataTable
      label="People"
      columns={personColumns}
      rows={people}
      getRowId={(p) => p.id}
      {...props}
    />,
  );
}

describe('DataTable rendering', () => {
  it('renders an ARIA grid: counts, headers, rows and cells', () => {
    renderPeople();
    const grid = screen.getByRole('grid', { name: 'People' });
    expect(grid).toHaveProperty('tabIndex', 0);
    expect(grid.getAttribute('aria-rowcount')).toBe('5');
    expect(grid.getAttribute('aria-colcount')).toBe('2');
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Age']);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'none',
    );
    const rows = bodyRows();
    expect(rows.map((row) => row.getAttribute('aria-rowindex'))).toEqual(['2', '3', '4', '5']);
    expect(rows.every((row) => row.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(
      within(rows[0]!)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Carol', '41']);
    expect(screen.getByText('4 rows')).toBeTruthy();
  });

  it('shows the empty message, and a loading line while loading', () => {
    const { rerender } = render(
      <DataTable label="People" columns={personColumns} rows={[]} getRowId={(p) => p.id} loading />,
    );
    expect(screen.getByRole('gridcell').textContent).toBe('Loading…');
    expect(screen.getByRole('grid').getAttribute('aria-busy')).toBe('true');
    rerender(
      <DataTable
        label="People"
        columns={personColumns}
        rows={[]}
        getRowId={(p) => p.id}
        emptyMessage="Nobody here yet."
      />,
    );
    expect(screen.getByRole('gridcell').textContent).toBe('Nobody here yet.');
  });
});

describe('DataTable sorting and filtering', () => {
  it('sorts by a header: ascending, descending, then back to none', async () => {
    const user = userEvent.setup();
    renderPeople();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['alice', 'Bob', 'Carol', 'Dave']);
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Dave', 'Carol', 'Bob', 'alice']);
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Carol', 'alice', 'Bob', 'Dave']);
  });

  it('sorts numbers by size and starts from initialSort', () => {
    renderPeople({ initialSort: { id: 'age', desc: false } });
    expect(screen.getByRole('columnheader', { name: /Age/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(names()).toEqual(['Dave', 'alice', 'Bob', 'Carol']);
  });

  it('filters on visible columns only, and says how many rows match', async () => {
    const user = userEvent.setup();
    renderPeople();
    const filter = screen.getByRole('searchbox', { name: 'Filter People' });
    await user.type(filter, 'A');
    expect(names()).toEqual(['Carol', 'alice', 'Dave']);
    expect(screen.getByText('3 of 4 rows')).toBeTruthy();

    await user.clear(filter);
    await user.type(filter, 'red');
    expect(screen.getByRole('gridcell').textContent).toBe('No rows match “red”.');

    // Team is hidden by default; showing it makes its values match.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Team' }));
    expect(names()).toEqual(['Carol', 'Dave']);
    expect(screen.getByRole('grid').getAttribute('aria-colcount')).toBe('3');
  });
});

describe('DataTable keyboard', () => {
  it('registers a ListController while focused that moves the cursor and the selection', () => {
    const onOpen = vi.fn();
    const onSelectionChange = vi.fn();
    renderPeople({ onOpen, onSelectionChange });
    expect(activeList()).toBeNull();
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    const list = activeList();
    expect(list).not.toBeNull();

    act(() => list!.next());
    expect(cursorRow()?.textContent).toContain('alice');
    act(() => list!.next());
    act(() => list!.prev());
    expect(cursorRow()?.textContent).toContain('alice');

    act(() => list!.extendNext());
    act(() => list!.extendNext());
    expect(list!.selectionCount()).toBe(3);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p2', 'p3', 'p4']);
    act(() => list!.extendPrev());
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p2', 'p3']);
    expect(cursorRow()?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/2 selected/)).toBeTruthy();

    act(() => list!.toggleSelect());
    expect(list!.selectionCount()).toBe(1);

    act(() => list!.selectAll());
    expect(bodyRows().every((row) => row.getAttribute('aria-selected') === 'true')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Selected all 4 rows.');

    let had = false;
    act(() => {
      had = list!.clearSelection();
    });
    expect(had).toBe(true);
    expect(list!.selectionCount()).toBe(0);
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);

    act(() => list!.open({ newTab: true }));
    expect(onOpen).toHaveBeenCalledWith(people[2], { newTab: true });

    act(() => grid.blur());
    expect(activeList()).toBeNull();
  });

  it('handles the ARIA grid keys itself: arrows, Home/End and Enter', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderPeople({ onOpen });
    await user.click(screen.getByText('Carol'));
    expect(screen.getByRole('grid')).toBe(document.activeElement);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(people[1], { newTab: false });
    await user.keyboard('{End}{Control>}{Enter}{/Control}');
    expect(onOpen).toHaveBeenLastCalledWith(people[3], { newTab: true });
    await user.keyboard('{Home}{ArrowUp}');
    expect(cursorRow()?.textContent).toContain('Carol');
    // Letters belong to the keymap, not to the grid.
    await user.keyboard('jx');
    expect(cursorRow()?.textContent).toContain('Carol');
    expect(cursorRow()?.getAttribute('aria-selected')).toBe('false');
  });

  it('moves the cursor on click and opens on double-click', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderPeople({ onOpen });
    await user.click(screen.getByText('Bob'));
    expect(cursorRow()?.textContent).toContain('Bob');
    await user.dblClick(screen.getByText('Dave'));
    expect(onOpen).toHaveBeenCalledWith(people[3], { newTab: false });
  });

  it('drops rows that left the list from the selection', () => {
    const onSelectionChange = vi.fn();
    const { rerender } = renderPeople({ onSelectionChange });
    act(() => screen.getByRole('grid').focus());
    act(() => activeList()!.selectAll());
    rerender(
      <DataTable
        label="People"
        columns={personColumns}
        rows={people.slice(0, 2)}
        getRowId={(p) => p.id}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p1', 'p2']);
    expect(activeList()!.selectionCount()).toBe(2);
  });

  it('marks the row the page shows as selected, apart from the cursor and list commands', () => {
    const { rerender } = renderPeople({ selectedRowId: 'p3' });
    const selected = () =>
      bodyRows()
        .filter((row) => row.getAttribute('aria-selected') === 'true')
        .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);
    expect(selected()).toEqual(['Bob']);
    // The cursor starts on that row, so j and k carry on from the person the page opened.
    expect(cursorRow()?.textContent).toContain('Bob');
    act(() => screen.getByRole('grid').focus());
    const list = activeList()!;
    act(() => list.next());
    expect(cursorRow()?.textContent).not.toContain('Bob');
    expect(cursorRow()?.getAttribute('aria-selected')).toBe('false');
    expect(selected()).toEqual(['Bob']);
    // The page's row is not part of the selection that list commands act on.
    expect(list.selectionCount()).toBe(0);
    let had = true;
    act(() => {
      had = list.clearSelection();
    });
    expect(had).toBe(false);
    expect(selected()).toEqual(['Bob']);
    rerender(
      <DataTable
        label="People"
        columns={personColumns}
        rows={people}
        getRowId={(p) => p.id}
        selectedRowId={null}
      />,
    );
    expect(selected()).toEqual([]);
  });

  it('keeps the cursor on its row when the sort changes', async () => {
    const user = userEvent.setup();
    renderPeople();
    await user.click(screen.getByText('Bob'));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['alice', 'Bob', 'Carol', 'Dave']);
    expect(cursorRow()?.textContent).toContain('Bob');
  });
});

/** jsdom's Blob has no text(); FileReader keeps the byte order mark when decoded by hand. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('DataTable CSV export', () => {
  it('downloads the current view: visible columns in order, current sort and filter', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:people';
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    renderPeople({ exportName: 'people', initialSort: { id: 'age', desc: true } });

    await user.type(screen.getByRole('searchbox', { name: 'Filter People' }), 'a');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Team' }));
    await user.click(screen.getByRole('checkbox', { name: 'Age' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(downloads).toEqual(['people.csv']);
    const text = await readBlob(blobs[0]!);
    expect(text).toBe('\uFEFFName,Team\r\nCarol,Red\r\nalice,\r\nDave,Red\r\n');
  });

  it('exports through the ListController too, named after the label', () => {
    URL.createObjectURL = vi.fn(() => 'blob:people');
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    renderPeople();
    act(() => screen.getByRole('grid').focus());
    act(() => activeList()!.exportCsv());
    expect(downloads).toEqual(['People.csv']);
  });
});
