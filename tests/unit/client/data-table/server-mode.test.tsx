// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type {
  FetchPageArgs,
  ServerPage,
  ServerSource,
} from '../../../../src/client/components/data-table/data-table';
import { DataTable } from '../../../../src/client/components/data-table/data-table';
import { activeList } from '../../../../src/client/components/data-table/list-controller';
import { installGridEnvironment, scrollGrid } from './support/grid-env';
import type { Person } from './support/people';
import { personColumns } from './support/people';

installGridEnvironment();

const TOTAL = 1_000_000;
const PAGE = 100;

function person(i: number): Person {
  return { id: `p${i}`, name: `Person ${i}`, age: 20 + (i % 50), team: null };
}

/** A million-row event list behind a cursor API; `hold` keeps chosen pages in flight. */
function millionRowSource(hold: (args: FetchPageArgs) => Promise<void> | null = () => null) {
  const fetchPage = vi.fn(async (args: FetchPageArgs): Promise<ServerPage<Person>> => {
    await hold(args);
    const start = Number(args.cursor ?? 0);
    const rows = Array.from({ length: PAGE }, (_, k) =>
      person(args.sort?.desc ? TOTAL - 1 - (start + k) : start + k),
    );
    return { rows, nextCursor: String(start + PAGE), total: args.filter ? 42_000 : TOTAL };
  });
  const source: ServerSource<Person> = { key: ['events', 'subject-1'], fetchPage };
  return { source, fetchPage };
}

function renderServer(source: ServerSource<Person>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DataTable label="Events" columns={personColumns} source={source} getRowId={(p) => p.id} />
    </QueryClientProvider>,
  );
}

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

describe('DataTable server mode', () => {
  it('fetches the first page and says how much of the list is loaded', async () => {
    const { source, fetchPage } = millionRowSource();
    renderServer(source);
    expect(screen.getByRole('gridcell').textContent).toBe('Loading…');
    await screen.findByText('Person 0');
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ cursor: null, sort: null, filter: '' });
    expect(fetchPage.mock.calls[0]?.[0].signal).toBeInstanceOf(AbortSignal);
    expect(screen.getByText('loaded 100 of 1,000,000')).toBeTruthy();
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe(String(TOTAL + 1));
  });

  it('fetches the next page when the user scrolls near the end, showing "Loading more…"', async () => {
    let release: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (release = resolve));
    const { source, fetchPage } = millionRowSource((args) => (args.cursor ? second : null));
    renderServer(source);
    await screen.findByText('Person 0');
    const grid = screen.getByRole('grid');

    await act(async () => {
      scrollGrid(grid, 80 * 28);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage.mock.calls[1]?.[0]).toMatchObject({ cursor: '100', sort: null });
    expect(screen.getByRole('status').textContent).toBe('Loading more…');

    act(() => release());
    await waitFor(() => expect(screen.getByText('loaded 200 of 1,000,000')).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(bodyRows().length).toBeLessThanOrEqual(60);
    await act(async () => {
      scrollGrid(grid, 150 * 28);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await screen.findByText('Person 150');
  });

  it('sends the sort and the filter to the server and starts again from the first page', async () => {
    const user = userEvent.setup();
    const { source, fetchPage } = millionRowSource();
    renderServer(source);
    await screen.findByText('Person 0');

    const header = screen.getByRole('columnheader', { name: 'Name' });
    await user.click(within(header).getByRole('button'));
    await user.click(within(header).getByRole('button'));
    await screen.findByText(`Person ${TOTAL - 1}`);
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ cursor: null, sort: { id: 'name', desc: true }, filter: '' }),
    );
    expect(header.getAttribute('aria-sort')).toBe('descending');

    await user.type(screen.getByRole('searchbox', { name: 'Filter Events' }), 'vpn');
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ cursor: null, sort: { id: 'name', desc: true }, filter: 'vpn' }),
      ),
    );
    // One request for the whole word, not one per keystroke.
    expect(fetchPage.mock.calls.filter(([args]) => args.filter !== '')).toHaveLength(1);
    await screen.findByText('loaded 100 of 42,000');
  });

  it('selects the loaded rows on select-all, and says that the rest are not loaded', async () => {
    const { source } = millionRowSource();
    renderServer(source);
    await screen.findByText('Person 0');
    act(() => screen.getByRole('grid').focus());
    act(() => activeList()!.selectAll());
    expect(activeList()!.selectionCount()).toBe(PAGE);
    expect(screen.getByRole('status').textContent).toBe(
      'Selected the 100 loaded rows of 1,000,000; rows not loaded yet are not selected.',
    );
  });

  it('says when the server fails, with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { source } = millionRowSource(() =>
      fail ? Promise.reject(new Error('Service unavailable')) : null,
    );
    renderServer(source);
    await screen.findByText(/Could not load Events: Service unavailable/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Person 0');
  });
});
