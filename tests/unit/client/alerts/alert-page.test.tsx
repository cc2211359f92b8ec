// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { queryClient } from '../../../../src/client/api/query-client';
import AlertPage from '../../../../src/client/features/alerts/alert-page';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';
import { workspace } from '../../../../src/client/workspace/workspace-controller';
import { installGridEnvironment } from '../data-table/support/grid-env';
import { alert, fakeAlertsApi } from './fake-alerts-api';

installGridEnvironment();

let stopKeys: () => void = () => undefined;
beforeEach(() => {
  queryClient.clear();
  workspace.navigate('/app/alerts/a1');
  stopKeys = installKeyHandler();
});
afterEach(() => {
  stopKeys();
  vi.unstubAllGlobals();
});

function renderAlert(id = 'a1') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/app/alerts/${id}`]}>
        <Routes>
          <Route path="/app/alerts/:alertId" element={<AlertPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('one alert', () => {
  it('says what fired, about whom and why, with its techniques and events', async () => {
    fakeAlertsApi([alert('a1', { techniques: ['T1052.001', 'T9999'] })]);
    renderAlert();
    await screen.findByRole('heading', { name: 'Bulk download, then USB' });
    expect(
      screen.getByText('212 files downloaded in an hour, then 40 written to USB.'),
    ).toBeTruthy();
    expect(screen.getByText(/Person a1/)).toBeTruthy();
    const technique = screen.getByRole('link', { name: /T1052\.001 Exfiltration over USB/ });
    expect(technique.getAttribute('href')).toBe('https://attack.mitre.org/techniques/T1052/001/');
    // A technique the catalogue does not know is named by its id, without a link.
    expect(screen.getByText('T9999').closest('a')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Alerts about this person' }).getAttribute('href'),
    ).toBe('/app/alerts?status=all&employeeId=Ea1');
    const events = screen.getByRole('grid', { name: 'Events of the alert' });
    await waitFor(() => within(events).getByText('Downloaded Q3 plan.xlsx from SharePoint'));
  });

  it('shows an event’s raw record with Enter, and goes back to the events with Escape', async () => {
    const user = userEvent.setup();
    fakeAlertsApi([alert('a1')]);
    renderAlert();
    const events = await screen.findByRole('grid', { name: 'Events of the alert' });
    await waitFor(() => within(events).getByText('Downloaded Q3 plan.xlsx from SharePoint'));
    act(() => events.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Event' });
    expect(within(dialog).getByLabelText('Raw record').textContent).toContain(
      '"SourceFileName": "Q3 plan.xlsx"',
    );
    expect(within(dialog).getByText('fileLabel').nextSibling?.textContent).toBe('Confidential');
    expect(dialog.textContent).not.toContain('[object Object]');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(events);
  });

  it('takes d, r and c for this alert', async () => {
    const user = userEvent.setup();
    const api = fakeAlertsApi([alert('a1')]);
    renderAlert();
    const events = await screen.findByRole('grid', { name: 'Events of the alert' });
    act(() => events.focus());
    await user.keyboard('r');
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]!.url.pathname).toBe('/api/app/alerts/a1');
    expect(api.changes()[0]!.body).toEqual({ status: 'in_review' });
    await screen.findByText('In review', { selector: '.badge' });
    await user.keyboard('d');
    await screen.findByRole('dialog', { name: 'Dismiss alert' });
    await user.keyboard('Benign{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()[1]!.body).toEqual({ status: 'dismissed', reason: 'Benign' });
    await screen.findByText('“Benign”');
    await user.keyboard('c');
    await waitFor(() => expect(workspace.currentLocation()).toBe('/app/investigations/inv-9'));
  });

  it('says when the alert does not exist', async () => {
    fakeAlertsApi([]);
    renderAlert('nope');
    await screen.findByText('This alert does not exist');
  });
});
