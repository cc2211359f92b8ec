// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { queryClient } from '../../../../src/client/api/query-client';
import AlertsPage from '../../../../src/client/features/alerts/alerts-page';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';
import { workspace } from '../../../../src/client/workspace/workspace-controller';
import { installGridEnvironment } from '../data-table/support/grid-env';
import { alert, fakeAlertsApi } from './fake-alerts-api';

installGridEnvironment();

let stopKeys: () => void = () => undefined;
beforeEach(() => {
  queryClient.clear();
  // The keymap reads the view from the focused pane's location.
  workspace.navigate('/app/alerts');
  stopKeys = installKeyHandler();
});
afterEach(() => {
  stopKeys();
  vi.unstubAllGlobals();
});

/** Where the page's own router is, so a test can read the filters it wrote to the URL. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderQueue(path = '/app/alerts') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/app/alerts"
            element={
              <>
                <AlertsPage />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const grid = () => screen.getByRole('grid', { name: 'Alerts' });
/** Waits for a row showing this text (the filter selects name people too). */
const inGrid = (text: string) => waitFor(() => within(grid()).getByText(text));
const cursorRow = () => grid().querySelector('[data-cursor]');

/** Three new alerts about three people, worst first, as the server orders them. */
const QUEUE = [
  alert('a1', { severity: 'critical', title: 'Data archived, then moved out' }),
  alert('a2'),
  alert('a3', { severity: 'medium', title: 'Competitor contact' }),
];

describe('the alert queue', () => {
  it('lists new alerts by default, worst first, with the person the server named', async () => {
    const api = fakeAlertsApi(QUEUE);
    renderQueue();
    await inGrid('Person a1');
    expect(api.listQueries()).toEqual(['?status=new&limit=100']);
    const rows = within(grid()).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Critical'),
      expect.stringContaining('High'),
      expect.stringContaining('Medium'),
    ]);
    expect(rows[0]!.textContent).toContain('Data archived, then moved out');
    expect(rows[0]!.textContent).toContain('T1052.001');
    expect(rows[0]!.textContent).toContain('Unassigned');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'new');
    // The API has no text search: no filter box that would do nothing.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('reads its filters from the URL and writes them back there', async () => {
    const user = userEvent.setup();
    const api = fakeAlertsApi(QUEUE);
    renderQueue('/app/alerts?status=all&severity=high');
    await inGrid('Person a2');
    expect(api.listQueries()[0]).toBe('?severity=high&limit=100');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    await inGrid('Person a1');
    expect(screen.getByTestId('location').textContent).toBe(
      '/app/alerts?status=all&severity=critical',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'new');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/alerts?severity=critical'),
    );
  });

  it('says which URL filters it could not use', async () => {
    fakeAlertsApi(QUEUE);
    renderQueue('/app/alerts?technique=exfil');
    await inGrid('Person a1');
    expect(screen.getByText(/“exfil” is not a technique id/)).toBeTruthy();
  });

  it('d asks for a reason, says beside the field when it is missing, then dismisses with one PATCH and moves to the next alert', async () => {
    const user = userEvent.setup();
    const api = fakeAlertsApi(QUEUE);
    renderQueue();
    await inGrid('Person a1');
    act(() => grid().focus());
    await user.keyboard('j');
    expect(cursorRow()?.textContent).toContain('Person a2');
    await user.keyboard('d');
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss alert' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBe(document.activeElement);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(
      within(dialog).getByRole('textbox', { name: 'Reason' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(dialog.textContent).toContain(
      'Say why the alert is dismissed: a dismissal needs a reason.',
    );
    expect(api.changes()).toEqual([]);

    await user.keyboard('Known backup job');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changes().map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['PATCH', '/api/app/alerts/a2', { status: 'dismissed', reason: 'Known backup job' }],
    ]);
    // The queue refreshes without the dismissed alert; the cursor is on the one after it.
    await waitFor(() => expect(within(grid()).queryByText('Person a2')).toBeNull());
    expect(cursorRow()?.textContent).toContain('Person a3');
    expect(grid()).toBe(document.activeElement);
  });

  it('shows the server’s refusal of a dismissal beside the reason', async () => {
    const user = userEvent.setup();
    const api = fakeAlertsApi(QUEUE);
    renderQueue();
    await inGrid('Person a1');
    act(() => grid().focus());
    await user.keyboard('d');
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss alert' });
    api.refuseNext(400, {
      error: 'Bad Request',
      message: 'reason: The reason names no ticket.',
      issues: [{ field: 'reason', message: 'The reason names no ticket.' }],
    });
    await user.keyboard('because');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await within(dialog).findByText('The reason names no ticket.');
    expect(screen.getByRole('dialog', { name: 'Dismiss alert' })).toBeTruthy();
  });

  it('x selects, a assigns the selection in one bulk request, and the selection clears', async () => {
    const user = userEvent.setup();
    const api = fakeAlertsApi(QUEUE);
    renderQueue();
    await inGrid('Person a1');
    act(() => grid().focus());
    await user.keyboard('xjx');
    expect(screen.getByText(/2 selected/)).toBeTruthy();
    // `a` opens the palette's page of users; picking one runs the command with it.
    const { runCommand } = await import('../../../../src/client/commands/run-command');
    await act(() => runCommand('alert.assign', { userId: 'u2' }, 'palette'));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]!.url.pathname).toBe('/api/app/alerts/bulk');
    expect(api.changes()[0]!.body).toEqual({
      ids: ['a1', 'a2'],
      action: 'assign',
      assigneeId: 'u2',
    });
    await waitFor(() => expect(within(grid()).getAllByText('Ada Park')).toHaveLength(2));
    expect(screen.queryByText(/selected/)).toBeNull();
    expect(cursorRow()?.textContent).toContain('Person a3');
  });

  it('r marks in review, and c opens a case from the alert and goes to it', async () => {
    const user = userEvent.setup();
    const api = fakeAlertsApi(QUEUE);
    renderQueue('/app/alerts?status=all');
    await inGrid('Person a1');
    act(() => grid().focus());
    await user.keyboard('r');
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]!.body).toEqual({ status: 'in_review' });
    expect(api.changes()[0]!.url.pathname).toBe('/api/app/alerts/a1');
    await waitFor(() => expect(cursorRow()?.textContent).toContain('Person a2'));
    await user.keyboard('c');
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()[1]!.url.pathname).toBe('/api/app/alerts/a2/investigation');
    expect(api.changes()[1]!.body).toEqual({});
    await waitFor(() => expect(workspace.currentLocation()).toBe('/app/investigations/inv-9'));
  });

  it('opens the alert under the cursor with Enter', async () => {
    const user = userEvent.setup();
    fakeAlertsApi(QUEUE);
    renderQueue();
    await inGrid('Person a1');
    act(() => grid().focus());
    await user.keyboard('jj{Enter}');
    expect(workspace.currentLocation()).toBe('/app/alerts/a3');
  });

  it('tells a role that may not see alerts why, and asks the server nothing about them', async () => {
    const api = fakeAlertsApi(QUEUE, ['investigations.read', 'evidence.read']);
    renderQueue();
    await screen.findByText('Alerts are not open to your role');
    expect(api.listQueries()).toEqual([]);
  });
});
