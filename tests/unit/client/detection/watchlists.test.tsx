// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DirectoryEmployee } from '../../../../src/shared/schemas/employees';
import { queryClient } from '../../../../src/client/api/query-client';
import { AppDialogs } from '../../../../src/client/app/shell/app-dialogs';
import WatchlistsPage from '../../../../src/client/features/detection/watchlists-page';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';
import { openDialogAtom } from '../../../../src/client/state/dialogs';
import { appStore } from '../../../../src/client/state/store';
import { workspace } from '../../../../src/client/workspace/workspace-controller';
import { installGridEnvironment } from '../data-table/support/grid-env';
import { fakeDetectionApi, rule } from './fake-detection-api';

installGridEnvironment();

const PATH = '/app/admin/watchlists';

let stopKeys: () => void = () => undefined;
beforeEach(() => {
  queryClient.clear();
  appStore.set(openDialogAtom, null);
  workspace.navigate(PATH);
  stopKeys = installKeyHandler();
});
afterEach(() => {
  stopKeys();
  vi.unstubAllGlobals();
});

const employee = (id: string, fullName: string): DirectoryEmployee => ({
  id,
  fullName,
  pseudonym: 'Person 0000-0000',
  identity: 'open' as const,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@northwind.example`,
  department: null,
  title: null,
  managerId: null,
  location: null,
  timezone: null,
  workStartHour: null,
  workEndHour: null,
  startDate: null,
  resignationDate: null,
  departureDate: null,
  riskScore: null,
  riskLevel: null,
});

const EMPLOYEES = [
  employee('E1', 'Cleo Marsh'),
  employee('E2', 'Clement Dubois'),
  employee('E3', 'Dan Ruiz'),
];

function renderWatchlists() {
  return render(
    <Provider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[PATH]}>
          <Routes>
            <Route path={PATH} element={<WatchlistsPage />} />
          </Routes>
          <AppDialogs />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

const grid = () => screen.getByRole('grid', { name: 'Watchlists' });

describe('watchlists', () => {
  it('lists the lists with their member counts, and shows the rules a list scopes', async () => {
    const user = userEvent.setup();
    fakeDetectionApi([
      rule('bulk-download-then-usb', {
        title: 'Bulk download, then USB',
        raiseOn: { watchlist: 'departing', severity: 'critical' },
      }),
    ]);
    renderWatchlists();
    await waitFor(() => within(grid()).getByText('Departing employees'));
    const row = within(grid()).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Derived');
    expect(row.textContent).toContain('7');
    act(() => grid().focus());
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('complementary', {
      name: 'Watchlist Departing employees',
    });
    const link = await within(panel).findByRole('link', { name: 'Bulk download, then USB' });
    expect(link.getAttribute('href')).toBe(
      '/app/admin/detection-rules?rule=bulk-download-then-usb',
    );
  });

  it('creates a list: people found by typing, Enter adds them, Ctrl+Enter sends', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi([], { employees: EMPLOYEES });
    renderWatchlists();
    await waitFor(() => within(grid()).getByText('Departing employees'));
    await user.click(screen.getByRole('button', { name: 'New watchlist…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New watchlist' });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.keyboard('Contractors');
    const people = within(dialog).getByRole('combobox', { name: 'People' });
    await user.click(people);
    await user.keyboard('cle');
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Cleo Marsh'),
      expect.stringContaining('Clement Dubois'),
    ]);
    // Down marks the second; Enter adds it and leaves the form unsent.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByRole('list', { name: 'Chosen people' }).textContent).toContain(
      'Clement Dubois',
    );
    expect(api.changes()).toEqual([]);
    await user.keyboard('dan{Enter}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changes().map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      [
        'POST',
        '/api/app/watchlists',
        { name: 'Contractors', description: '', employeeIds: ['E2', 'E3'] },
      ],
    ]);
  });

  it('says a refusal beside its field: a name already taken', async () => {
    const user = userEvent.setup();
    const api = fakeDetectionApi([], { employees: EMPLOYEES });
    renderWatchlists();
    await waitFor(() => within(grid()).getByText('Departing employees'));
    await user.click(screen.getByRole('button', { name: 'New watchlist…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New watchlist' });
    await user.keyboard('{Control>}{Enter}{/Control}');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Name the list.')).toBeTruthy();
    expect(api.changes()).toEqual([]);
    await user.keyboard('Departing employees');
    api.refuseNext(409, {
      error: 'Conflict',
      message: 'name: A watchlist is already called "Departing employees".',
      issues: [{ field: 'name', message: 'A watchlist is already called "Departing employees".' }],
    });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await within(dialog).findByText('A watchlist is already called "Departing employees".');
    expect(document.activeElement).toBe(name);
  });
});
