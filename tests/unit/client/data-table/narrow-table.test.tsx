// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { DataTableColumn } from '../../../../src/client/components/data-table/data-table';
import { DataTable } from '../../../../src/client/components/data-table/data-table';
import { activeList } from '../../../../src/client/components/data-table/list-controller';
import { installGridEnvironment } from './support/grid-env';

installGridEnvironment();

interface Case {
  id: string;
  title: string;
  subject: string;
  status: string;
  risk: string;
  type: string;
  updated: string;
}

const columns: DataTableColumn<Case>[] = [
  { id: 'title', header: 'Title', value: (c) => c.title, keyColumn: true },
  { id: 'subject', header: 'Subject', value: (c) => c.subject, width: 170 },
  { id: 'status', header: 'Status', value: (c) => c.status, width: 100, keyColumn: true },
  { id: 'risk', header: 'Risk', value: (c) => c.risk, width: 110, keyColumn: true },
  { id: 'type', header: 'Type', value: (c) => c.type, width: 150 },
  { id: 'updated', header: 'Updated', value: (c) => c.updated, width: 120 },
];

const rows: Case[] = [
  {
    id: 'a',
    title: 'USB copies',
    subject: 'Aditi Carter',
    status: 'Open',
    risk: 'High',
    type: 'Data exfiltration',
    updated: 'today',
  },
];

/** Lays the table's frame out `width` px wide (jsdom has no layout) and renders the table. */
function renderAtWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('dt-frame') ? width : 900;
  });
  render(<DataTable label="Cases" columns={columns} rows={rows} getRowId={(c) => c.id} />);
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('a table in a narrow pane', () => {
  it('shows every column when there is room', () => {
    renderAtWidth(1200);
    expect(headers()).toEqual(['Title', 'Subject', 'Status', 'Risk', 'Type', 'Updated']);
  });

  it('keeps its key columns and leaves out the rest, cells and headers alike', () => {
    renderAtWidth(560);
    expect(headers()).toEqual(['Title', 'Status', 'Risk']);
    const row = screen.getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['USB copies', 'Open', 'High']);
    expect(screen.getByRole('grid').getAttribute('aria-colcount')).toBe('3');
  });

  it('leaves the user’s choice alone: the column menu and the CSV still have every column', async () => {
    renderAtWidth(560);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.every((box) => box.checked)).toBe(true);

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:cases';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    act(() => screen.getByRole('grid').focus());
    act(() => activeList()!.exportCsv());
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new TextDecoder().decode(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect(csv.split(/\r?\n/)[0]).toBe('Title,Subject,Status,Risk,Type,Updated');
  });
});
